import { and, eq, inArray, isNull, lt, notExists, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { documents, technicianApplications, verifications } from '../db/schema';

/** Marks the document uploaded with what the check found; returns the updated row. */
export function markUploaded(
  db: DbOrTx,
  documentId: number,
  found: { sizeBytes: number; contentType: string; uploadedAt: Date },
) {
  return db
    .update(documents)
    .set({ state: 'uploaded', ...found })
    .where(eq(documents.id, documentId))
    .returning()
    .then((r) => r[0]);
}

/** The document by id or by storage key, locked. */
export function lockDocument(tx: DbOrTx, ref: { documentId: number } | { storageKey: string }) {
  return tx
    .select()
    .from(documents)
    .where(
      'documentId' in ref
        ? eq(documents.id, ref.documentId)
        : eq(documents.storageKey, ref.storageKey),
    )
    .for('update')
    .then((r) => r[0]);
}

/** An application that refers to the document (driver's licence or ASE certificate). */
export function applicationUsingDocument(tx: DbOrTx, documentId: number) {
  return tx
    .select({ id: technicianApplications.id })
    .from(technicianApplications)
    .where(
      or(
        eq(technicianApplications.driversLicenseDocumentId, documentId),
        eq(technicianApplications.aseCertificationDocumentId, documentId),
      ),
    )
    .limit(1)
    .then((r) => r[0]);
}

/** A verification that refers to the document. */
export function verificationUsingDocument(tx: DbOrTx, documentId: number) {
  return tx
    .select({ id: verifications.id })
    .from(verifications)
    .where(eq(verifications.documentId, documentId))
    .limit(1)
    .then((r) => r[0]);
}

export function setDocumentKindAndOwner(
  tx: DbOrTx,
  documentId: number,
  set: { kind: (typeof documents.$inferInsert)['kind']; ownerUserId: number | null },
) {
  return tx.update(documents).set(set).where(eq(documents.id, documentId));
}

/** The uploaded documents among `ids`. */
export function uploadedDocuments(db: DbOrTx, ids: number[]) {
  return db
    .select()
    .from(documents)
    .where(and(inArray(documents.id, ids), eq(documents.state, 'uploaded')));
}

/**
 * Up to `limit` anonymous uploads (no owner) created before `cutoff` that no application or
 * verification refers to, locked; rows locked by another transaction are skipped.
 */
export function lockAbandonedUploads(tx: DbOrTx, cutoff: Date, limit: number) {
  return tx
    .select({ id: documents.id, storageKey: documents.storageKey })
    .from(documents)
    .where(
      and(
        isNull(documents.ownerUserId),
        lt(documents.createdAt, cutoff),
        notExists(
          tx
            .select({ id: technicianApplications.id })
            .from(technicianApplications)
            .where(
              or(
                eq(technicianApplications.driversLicenseDocumentId, documents.id),
                eq(technicianApplications.aseCertificationDocumentId, documents.id),
              ),
            ),
        ),
        notExists(
          tx
            .select({ id: verifications.id })
            .from(verifications)
            .where(eq(verifications.documentId, documents.id)),
        ),
      ),
    )
    .orderBy(documents.id)
    .limit(limit)
    .for('update', { skipLocked: true });
}

export function deleteDocuments(tx: DbOrTx, ids: number[]) {
  return tx.delete(documents).where(inArray(documents.id, ids));
}
