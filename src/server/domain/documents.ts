import type { DocumentKind } from '@shared/constants/domain';
import { LIMITS } from '@shared/constants/domain';
import { DOCUMENT_LINK_TTL_SECONDS, UPLOAD_MESSAGES } from '@shared/constants/uploads';
import type { DocumentLink } from '@shared/schemas/documents';
import { MAX_INT4 } from '@shared/schemas/common';
import type { Db, DbOrTx } from '../db/client';
import type { documents } from '../db/schema';
import {
  applicationUsingDocument,
  deleteDocuments,
  lockAbandonedUploads,
  lockDocument,
  markUploaded,
  setDocumentKindAndOwner,
  uploadedDocuments,
  verificationUsingDocument,
} from './documents.queries';
import { AppError } from '../infra/app-error';
import type { Storage } from '../infra/storage';
import { detectFileType, SIGNATURE_BYTES } from '../infra/storage/file-type';

export type DocumentRow = typeof documents.$inferSelect;

/**
 * What a form sends for an uploaded file: the uploadURL it was given (the spec stores "the
 * returned address" in the form field) or the document id.
 */
export type DocumentRef = string | number;

const NOT_UPLOADED = 'The document has not been uploaded yet';
const NOT_YOURS = 'You can only attach your own documents';

/**
 * Makes sure an upload that went straight to S3 really holds an accepted file: HeadObject for
 * the size, then the first bytes for the type. A refused file is deleted. Local uploads are
 * checked as they arrive, so for them this only confirms the state.
 */
export async function confirmUpload(
  db: DbOrTx,
  storage: Storage,
  doc: DocumentRow,
  now: Date,
): Promise<DocumentRow> {
  if (doc.state === 'uploaded') return doc;
  if (storage.kind !== 's3') throw new AppError(409, NOT_UPLOADED);
  const head = await storage.head(doc.storageKey);
  if (!head) throw new AppError(409, NOT_UPLOADED);
  if (head.size > LIMITS.maxUploadBytes) {
    await storage.remove(doc.storageKey);
    throw new AppError(413, UPLOAD_MESSAGES.tooLarge);
  }
  const type =
    head.size > 0
      ? detectFileType(await storage.readPrefix(doc.storageKey, SIGNATURE_BYTES))
      : null;
  if (!type) {
    await storage.remove(doc.storageKey);
    throw new AppError(415, UPLOAD_MESSAGES.unsupportedType);
  }
  const row = await markUploaded(db, doc.id, {
    sizeBytes: head.size,
    contentType: type,
    uploadedAt: now,
  });
  return row!;
}

/**
 * Attaches an uploaded document to the record being written in `tx` (an application or a
 * verification): checks that it exists, is uploaded (for S3: checked now), is attached nowhere
 * else, and belongs to `ownerUserId` when it has an owner. A bare id is accepted only for the
 * caller's own document; an anonymous upload must be named by its upload URL, which only its
 * uploader was given. Returns the document id for the record's column.
 */
export async function attachDocument(
  tx: DbOrTx,
  storage: Storage,
  ref: DocumentRef,
  options: { kind: DocumentKind; ownerUserId: number | null; now: Date },
): Promise<number> {
  const text = String(ref).trim();
  const bareId = /^\d{1,12}$/.test(text) ? Number(text) : null;
  // A bare id beyond the int4 id column (or 0) names no document.
  if (bareId !== null && (bareId < 1 || bareId > MAX_INT4))
    throw new AppError(400, 'Document not found. Please upload the file again.');
  const resolved = bareId !== null ? { documentId: bareId } : storage.resolveUploadUrl(text);
  if (!resolved)
    throw new AppError(400, 'This document link is not valid. Please upload the file again.');

  const doc = await lockDocument(tx, resolved);
  if (!doc) throw new AppError(400, 'Document not found. Please upload the file again.');
  const owned = doc.ownerUserId !== null && doc.ownerUserId === options.ownerUserId;
  if (!owned && (doc.ownerUserId !== null || bareId !== null)) throw new AppError(403, NOT_YOURS);

  const uploaded = await confirmUpload(tx, storage, doc, options.now);

  const inApplication = await applicationUsingDocument(tx, doc.id);
  const inVerification = await verificationUsingDocument(tx, doc.id);
  if (inApplication || inVerification)
    throw new AppError(409, 'This document is already attached elsewhere');

  await setDocumentKindAndOwner(tx, doc.id, {
    kind: options.kind,
    ownerUserId: uploaded.ownerUserId ?? options.ownerUserId,
  });
  return doc.id;
}

/** A short-lived link to read the document (a presigned GET on S3). */
export async function documentLink(storage: Storage, doc: DocumentRow): Promise<DocumentLink> {
  const { url, expiresAt } = await storage.signedReadUrl(doc, DOCUMENT_LINK_TTL_SECONDS);
  return { url, expiresAt: expiresAt.toISOString() };
}

/** Links for the uploaded ones among `ids`, by id (for lists that show attached documents). */
export async function documentLinks(
  db: DbOrTx,
  storage: Storage,
  ids: (number | null)[],
): Promise<Map<number, DocumentLink>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  const out = new Map<number, DocumentLink>();
  if (wanted.length === 0) return out;
  const rows = await uploadedDocuments(db, wanted);
  for (const doc of rows) out.set(doc.id, await documentLink(storage, doc));
  return out;
}

/** An anonymous upload that nothing attached within this time is deleted. */
export const ABANDONED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
const SWEEP_BATCH = 200;

/**
 * The hourly sweep: deletes anonymous uploads (no owner) older than 24 hours that no application
 * or verification refers to, rows first and then their stored files (local disk or S3). Rows
 * being attached right now are locked by the attaching transaction and skipped; a row deleted
 * here can no longer be attached ('Document not found'). Returns how many were deleted.
 */
export async function sweepAbandonedUploads(
  db: Db,
  storage: Storage,
  now: Date,
  log?: { error(obj: object, msg: string): void },
): Promise<number> {
  const cutoff = new Date(now.getTime() - ABANDONED_UPLOAD_TTL_MS);
  let deleted = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const rows = await lockAbandonedUploads(tx, cutoff, SWEEP_BATCH);
      if (rows.length)
        await deleteDocuments(
          tx,
          rows.map((r) => r.id),
        );
      return rows;
    });
    for (const row of batch) {
      try {
        await storage.remove(row.storageKey);
      } catch (err) {
        // The row is gone; a file left behind is unreachable, and logged for the operator.
        log?.error({ err, storageKey: row.storageKey }, 'could not delete an abandoned upload');
      }
    }
    deleted += batch.length;
    if (batch.length < SWEEP_BATCH) return deleted;
  }
}
