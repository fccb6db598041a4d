import { and, asc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { requestPhotos } from '../db/schema';

export type RequestPhotoRow = typeof requestPhotos.$inferSelect;

/** The photo, locked until the transaction ends (two submissions naming it are serialised). */
export function lockPhoto(tx: DbOrTx, id: number) {
  return tx
    .select()
    .from(requestPhotos)
    .where(eq(requestPhotos.id, id))
    .for('update')
    .then((r) => r[0]);
}

/** Binds an unattached photo to its request at `position`; undefined when it is attached. */
export function attachPhoto(tx: DbOrTx, id: number, serviceRequestId: number, position: number) {
  return tx
    .update(requestPhotos)
    .set({ serviceRequestId, position })
    .where(and(eq(requestPhotos.id, id), isNull(requestPhotos.serviceRequestId)))
    .returning({ id: requestPhotos.id })
    .then((r) => r[0]);
}

/** The request's photos, in the order the customer attached them. */
export function photosOfRequest(db: DbOrTx, serviceRequestId: number) {
  return db
    .select()
    .from(requestPhotos)
    .where(eq(requestPhotos.serviceRequestId, serviceRequestId))
    .orderBy(asc(requestPhotos.position));
}

/** Up to `limit` photos no request took, uploaded before `cutoff`, locked (others skipped). */
export function lockAbandonedPhotos(tx: DbOrTx, cutoff: Date, limit: number) {
  return tx
    .select({
      id: requestPhotos.id,
      storageKey: requestPhotos.storageKey,
      thumbnailKey: requestPhotos.thumbnailKey,
    })
    .from(requestPhotos)
    .where(and(isNull(requestPhotos.serviceRequestId), lt(requestPhotos.createdAt, cutoff)))
    .orderBy(asc(requestPhotos.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export function deletePhotos(tx: DbOrTx, ids: number[]) {
  return tx.delete(requestPhotos).where(inArray(requestPhotos.id, ids));
}
