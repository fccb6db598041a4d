import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { requestPhotos } from '../../../db/schema';

export function insertPhoto(db: DbOrTx, values: typeof requestPhotos.$inferInsert) {
  return db
    .insert(requestPhotos)
    .values(values)
    .returning()
    .then((r) => r[0]!);
}

/** The photo when it belongs to this request (undefined otherwise). */
export function photoOfRequest(db: DbOrTx, serviceRequestId: number, photoId: number) {
  return db
    .select()
    .from(requestPhotos)
    .where(and(eq(requestPhotos.id, photoId), eq(requestPhotos.serviceRequestId, serviceRequestId)))
    .limit(1)
    .then((r) => r[0]);
}
