import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reviews, serviceRequests, technicians } from '../../db/schema';

export type ReviewRow = typeof reviews.$inferSelect;

/** The job's review (one per job: unique index reviews_service_request_uq). */
export function findReviewByRequest(db: DbOrTx, serviceRequestId: number) {
  return db
    .select()
    .from(reviews)
    .where(eq(reviews.serviceRequestId, serviceRequestId))
    .limit(1)
    .then((r) => r[0]);
}

/** The review, locked until the transaction ends. */
export function lockReview(db: DbOrTx, id: number) {
  return db
    .select()
    .from(reviews)
    .where(eq(reviews.id, id))
    .for('update')
    .then((r) => r[0]);
}

/**
 * Locks the technician row. Every review write takes it first, so a transaction that
 * recomputes the rating afterwards sees every review committed before it.
 */
export function lockTechnician(db: DbOrTx, technicianId: number) {
  return db
    .select({ id: technicians.id })
    .from(technicians)
    .where(eq(technicians.id, technicianId))
    .for('update')
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

export function updateReview(
  db: DbOrTx,
  id: number,
  values: Partial<Pick<ReviewRow, 'rating' | 'comment' | 'reply' | 'repliedAt' | 'updatedAt'>>,
) {
  return db
    .update(reviews)
    .set(values)
    .where(eq(reviews.id, id))
    .returning()
    .then((r) => r[0]!);
}

/** technicians.rating (average, 2 decimals) and totalReviews (count) from all their reviews. */
export function recomputeRating(db: DbOrTx, technicianId: number) {
  const theirs = sql`from ${reviews} where ${reviews.technicianId} = ${technicianId}`;
  return db
    .update(technicians)
    .set({
      rating: sql`(select coalesce(round(avg(${reviews.rating})::numeric, 2), 0) ${theirs})`,
      totalReviews: sql`(select count(*)::int ${theirs})`,
    })
    .where(eq(technicians.id, technicianId))
    .returning({ rating: technicians.rating, totalReviews: technicians.totalReviews })
    .then((r) => r[0]);
}

/** The request a review is about (to tell its viewers about a reply). */
export function findRequest(db: DbOrTx, id: number) {
  return db
    .select()
    .from(serviceRequests)
    .where(eq(serviceRequests.id, id))
    .limit(1)
    .then((r) => r[0]);
}
