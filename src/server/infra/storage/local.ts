import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { LIMITS } from '@shared/constants/domain';
import { signToken, verifyToken, type TokenCheck } from '../signed-token';
import { STORAGE_KEY_PATTERN } from './keys';
import { ObjectMissing, type Storage, type StoredDocument } from './types';

export const UPLOAD_PATH = '/api/documents/upload/';
export const FILE_PATH = '/api/documents/file/';

export type StagedUpload = {
  size: number;
  /** Moves the staged file into place under its key. */
  commit(): Promise<void>;
  discard(): Promise<void>;
};

export interface LocalStorage extends Storage {
  readonly kind: 'local';
  checkUploadToken(token: string): TokenCheck;
  checkReadToken(token: string): TokenCheck;
  /** Writes the bytes to a staging file next to their place; nothing is visible until commit. */
  stage(key: string, source: AsyncIterable<Buffer>): Promise<StagedUpload>;
}

/**
 * Files under `root`, reached through our own routes with HMAC-signed links (the secret is the
 * session secret), so no web server needs to see the folder.
 */
export function createLocalStorage(options: {
  root: string;
  secret: string;
  now: () => Date;
}): LocalStorage {
  const { root, secret, now } = options;

  function fileOf(key: string): string {
    if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`Not a storage key: ${key}`);
    return path.join(root, key);
  }

  const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

  return {
    kind: 'local',

    async createUploadTarget(doc: StoredDocument) {
      const expiresAt = new Date(now().getTime() + LIMITS.uploadUrlTtlSeconds * 1000);
      const token = signToken(secret, 'document-upload', doc.id, expiresAt);
      return { uploadURL: `${UPLOAD_PATH}${token}`, expiresAt };
    },

    resolveUploadUrl(url: string) {
      let pathname: string;
      try {
        pathname = new URL(url, 'http://local').pathname;
      } catch {
        return null;
      }
      if (!pathname.startsWith(UPLOAD_PATH)) return null;
      // The upload window may have closed: the signature still proves which document it was.
      const token = pathname.slice(UPLOAD_PATH.length);
      const check = verifyToken(secret, 'document-upload', token, now());
      return check.ok || check.reason === 'expired' ? { documentId: check.id } : null;
    },

    checkUploadToken: (token) => verifyToken(secret, 'document-upload', token, now()),
    checkReadToken: (token) => verifyToken(secret, 'document-read', token, now()),

    async stage(key, source) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const staging = `${file}.${randomBytes(6).toString('hex')}.part`;
      let size = 0;
      const counted = async function* () {
        for await (const chunk of source) {
          size += chunk.length;
          yield chunk;
        }
      };
      try {
        await pipeline(Readable.from(counted()), createWriteStream(staging, { flags: 'wx' }));
      } catch (err) {
        await rm(staging, { force: true });
        throw err;
      }
      return {
        size,
        commit: () => rename(staging, file),
        discard: () => rm(staging, { force: true }),
      };
    },

    async head(key) {
      try {
        const s = await stat(fileOf(key));
        return s.isFile() ? { size: s.size } : null;
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },

    async readPrefix(key, n) {
      const handle = await open(fileOf(key), 'r');
      try {
        const buf = Buffer.alloc(n);
        const { bytesRead } = await handle.read(buf, 0, n, 0);
        return buf.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },

    async read(key) {
      const file = fileOf(key);
      // Fail here (not mid-response) when the file is gone.
      try {
        await stat(file);
      } catch (err) {
        if (missing(err)) throw new ObjectMissing(key);
        throw err;
      }
      return createReadStream(file);
    },

    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const staging = `${file}.${randomBytes(6).toString('hex')}.part`;
      try {
        await writeFile(staging, bytes, { flag: 'wx' });
        await rename(staging, file);
      } catch (err) {
        await rm(staging, { force: true });
        throw err;
      }
    },

    async signedReadUrl(doc, ttlSeconds) {
      const expiresAt = new Date(now().getTime() + ttlSeconds * 1000);
      return {
        url: `${FILE_PATH}${signToken(secret, 'document-read', doc.id, expiresAt)}`,
        expiresAt,
      };
    },

    async remove(key) {
      await rm(fileOf(key), { force: true });
    },

    close() {},
  };
}
