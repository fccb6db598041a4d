import { and, asc, desc, eq, exists, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { reviewReports, reviews, serviceRequests, technicians, users } from '../../db/schema';

export type ReviewRow = typeof reviews.$inferSelect;

/** The review, locked until the transaction ends. */
export function lockReview(db: DbOrTx, id: number) {
  return db
    .select()
    .from(reviews)
    .where(eq(reviews.id, id))
    .for('update')
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

/** A review the public can see (not hidden): the ones that can be reported. */
export function findVisibleReview(db: DbOrTx, id: number) {
  return db
    .select()
    .from(reviews)
    .where(and(eq(reviews.id, id), isNull(reviews.hiddenAt)))
    .limit(1)
    .then((r) => r[0]);
}

/** The reporter's one report of the review; undefined when they already reported it. */
export function insertReport(db: DbOrTx, values: typeof reviewReports.$inferInsert) {
  return db
    .insert(reviewReports)
    .values(values)
    .onConflictDoNothing()
    .returning()
    .then((r) => r[0]);
}

const techUser = alias(users, 'tech_user');
const customerUser = alias(users, 'customer_user');

/**
 * The reviews an admin looks at: reported, flagged (signals) or hidden, newest first (at most
 * `limit`), with the technician's and reviewer's names.
 */
export function moderationCandidates(db: DbOrTx, limit: number, onlyId?: number) {
  return db
    .select({
      review: reviews,
      techFirstName: techUser.firstName,
      techLastName: techUser.lastName,
      firstName: customerUser.firstName,
      lastName: customerUser.lastName,
    })
    .from(reviews)
    .innerJoin(technicians, eq(technicians.id, reviews.technicianId))
    .innerJoin(techUser, eq(techUser.id, technicians.userId))
    .leftJoin(customerUser, eq(customerUser.id, reviews.customerId))
    .where(
      // One review as the admin just left it (restored, it may no longer be a candidate).
      onlyId !== undefined
        ? eq(reviews.id, onlyId)
        : or(
            isNotNull(reviews.hiddenAt),
            sql`cardinality(${reviews.flags}) > 0`,
            exists(
              db
                .select({ one: sql`1` })
                .from(reviewReports)
                .where(eq(reviewReports.reviewId, reviews.id)),
            ),
          ),
    )
    .orderBy(desc(reviews.id))
    .limit(limit);
}

/** The reports of these reviews, oldest first, with who made them. */
export function reportsOf(db: DbOrTx, reviewIds: number[]) {
  if (reviewIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      reviewId: reviewReports.reviewId,
      reason: reviewReports.reason,
      createdAt: reviewReports.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
    })
    .from(reviewReports)
    .innerJoin(users, eq(users.id, reviewReports.reporterUserId))
    .where(inArray(reviewReports.reviewId, reviewIds))
    .orderBy(asc(reviewReports.createdAt), asc(reviewReports.id));
}

export function findReviewById(db: DbOrTx, id: number) {
  return db
    .select()
    .from(reviews)
    .where(eq(reviews.id, id))
    .limit(1)
    .then((r) => r[0]);
}
