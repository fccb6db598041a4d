import type { FastifyInstance } from 'fastify';
import { LIMITS } from '@shared/constants/domain';
import { UPLOAD_MESSAGES } from '@shared/constants/uploads';
import type { createUploadSchema, DocumentLink, UploadTarget } from '@shared/schemas/documents';
import { AppError } from '../../infra/app-error';
import { confirmUpload, documentLink, type DocumentRow } from '../../domain/documents';
import { newStorageKey, readOrNotFound, type LocalStorage } from '../../infra/storage';
import { detectFileType, SIGNATURE_BYTES } from '../../infra/storage/file-type';
import type { SessionUser } from '../../infra/session';
import * as q from './documents.queries';
import type { z } from 'zod';

/**
 * Passes the bytes through while refusing, as early as possible, a body over the size limit
 * or one whose first bytes are not an accepted file type.
 */
function guarded(source: AsyncIterable<Buffer>) {
  const result = { type: null as string | null };
  async function* checked() {
    let size = 0;
    let head = Buffer.alloc(0);
    const check = () => {
      result.type = detectFileType(head);
      if (!result.type) throw new AppError(415, UPLOAD_MESSAGES.unsupportedType);
    };
    for await (const chunk of source) {
      size += chunk.length;
      if (size > LIMITS.maxUploadBytes) throw new AppError(413, UPLOAD_MESSAGES.tooLarge);
      if (!result.type) {
        head = Buffer.concat([head, chunk]).subarray(0, SIGNATURE_BYTES);
        if (head.length === SIGNATURE_BYTES) check();
      }
      yield chunk;
    }
    if (!result.type) check();
  }
  return { stream: checked(), result };
}

export function createDocumentsService(app: FastifyInstance) {
  function local(): LocalStorage {
    // With S3 the browser uploads to the bucket and read links are presigned: no such route.
    if (app.storage.kind !== 'local') throw new AppError(404, 'Not found');
    return app.storage as LocalStorage;
  }

  async function load(id: number): Promise<DocumentRow> {
    const doc = await q.findDocument(app.db, id);
    if (!doc) throw new AppError(404, 'Document not found');
    return doc;
  }

  return {
    /** A documents row awaiting its bytes, and where to PUT them. */
    async createUpload(
      input: z.output<typeof createUploadSchema>,
      user: SessionUser | null,
    ): Promise<UploadTarget> {
      const doc = await q.insertDocument(app.db, {
        ownerUserId: user?.id ?? null,
        // The application form declares nothing; attaching the document sets its real kind.
        kind: input?.kind ?? 'verification',
        storageKey: newStorageKey(),
        originalName: input?.fileName ?? null,
        contentType: input?.contentType ?? null,
      });
      const { uploadURL, expiresAt } = await app.storage.createUploadTarget(doc);
      return { uploadURL, documentId: doc.id, expiresAt: expiresAt.toISOString() };
    },

    /** The direct PUT of a local upload: the signed token is the credential. */
    async receiveUpload(
      token: string,
      body: AsyncIterable<Buffer>,
      declaredLength: number | undefined,
    ): Promise<{ documentId: number }> {
      const storage = local();
      const check = storage.checkUploadToken(token);
      if (!check.ok)
        throw new AppError(
          403,
          check.reason === 'expired' ? 'Upload link expired' : 'Invalid upload link',
        );
      const doc = await load(check.id);
      if (doc.state !== 'awaiting_upload')
        throw new AppError(409, 'This document has already been uploaded');
      if (declaredLength !== undefined && declaredLength > LIMITS.maxUploadBytes)
        throw new AppError(413, UPLOAD_MESSAGES.tooLarge);

      const { stream, result } = guarded(body);
      const staged = await storage.stage(doc.storageKey, stream);
      try {
        await app.db.transaction(async (tx) => {
          const done = await q.markUploaded(tx, doc.id, {
            sizeBytes: staged.size,
            contentType: result.type!,
            uploadedAt: app.clock(),
          });
          if (!done) throw new AppError(409, 'This document has already been uploaded');
          // Moved into place only once the row says so; a failure here rolls the row back.
          await staged.commit();
        });
      } catch (err) {
        await staged.discard();
        throw err;
      }
      return { documentId: doc.id };
    },

    /** A 5-minute link for the owner or an admin. */
    async link(user: SessionUser, id: number): Promise<DocumentLink> {
      const doc = await load(id);
      if (user.role !== 'admin' && doc.ownerUserId !== user.id)
        throw new AppError(403, 'You can only view your own documents');
      const uploaded = await confirmUpload(app.db, app.storage, doc, app.clock());
      return documentLink(app.storage, uploaded);
    },

    /** The file behind a read link made by `link` (local storage). */
    async open(token: string) {
      const storage = local();
      const check = storage.checkReadToken(token);
      if (!check.ok)
        throw new AppError(
          403,
          check.reason === 'expired' ? 'Document link expired' : 'Invalid document link',
        );
      const doc = await load(check.id);
      if (doc.state !== 'uploaded') throw new AppError(404, 'Document not found');
      return { doc, stream: await readOrNotFound(storage, doc.storageKey, 'Document not found') };
    },
  };
}
