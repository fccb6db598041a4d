import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { reviews } from '../../../db/schema';

/** The job's review (one per job: unique index reviews_service_request_uq). */
export function findReviewByRequest(db: DbOrTx, serviceRequestId: number) {
  return db
    .select()
    .from(reviews)
    .where(eq(reviews.serviceRequestId, serviceRequestId))
    .limit(1)
    .then((r) => r[0]);
}

/** Inserts the job's review; undefined when the job already has one. */
export function insertReview(db: DbOrTx, values: typeof reviews.$inferInsert) {
  return db
    .insert(reviews)
    .values(values)
    .onConflictDoNothing()
    .returning()
    .then((r) => r[0]);
}
