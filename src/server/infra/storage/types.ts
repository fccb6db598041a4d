import type { Readable } from 'node:stream';

/** What a storage adapter needs to know about a document. */
export type StoredDocument = {
  id: number;
  storageKey: string;
  contentType?: string | null;
  originalName?: string | null;
};

export type SignedUrl = { url: string; expiresAt: Date };

/**
 * Nothing is stored under the key (a file lost from the disk or the bucket while its record
 * stayed): what `read` throws, on either storage, for the routes to answer 404.
 */
export class ObjectMissing extends Error {
  constructor(readonly key: string) {
    super(`No stored object under ${key}`);
    this.name = 'ObjectMissing';
  }
}

/**
 * Private document bytes, on local disk or in an S3-compatible bucket. The client never sends
 * file bytes through our JSON API: it PUTs them to the upload URL made here.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** A URL for one direct PUT of the file, valid for LIMITS.uploadUrlTtlSeconds. */
  createUploadTarget(doc: StoredDocument): Promise<{ uploadURL: string; expiresAt: Date }>;
  /**
   * Which document an upload URL made by createUploadTarget was for (expired or not), or null
   * when the URL is not one of ours. Knowing the URL proves the caller was given it.
   */
  resolveUploadUrl(url: string): { documentId: number } | { storageKey: string } | null;
  /** The stored object's size, or null when nothing is stored under the key. */
  head(key: string): Promise<{ size: number } | null>;
  /** The first `n` bytes (fewer when the object is shorter), for the file-type check. */
  readPrefix(key: string, n: number): Promise<Buffer>;
  /** The object's bytes; throws `ObjectMissing` when nothing is stored under the key. */
  read(key: string): Promise<Readable>;
  /** Writes bytes the server made itself (a processed photo) under `key`, all or nothing. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** A short-lived link that lets whoever holds it read the document. */
  signedReadUrl(doc: StoredDocument, ttlSeconds: number): Promise<SignedUrl>;
  remove(key: string): Promise<void>;
  close(): void;
}
