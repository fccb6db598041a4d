import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import {
  invoicePayments,
  invoices,
  quotes,
  reviews,
  serviceRequests,
  technicianApplications,
  technicians,
  users,
} from '../db/schema';

/** Who a request's customer is (the account or guest record behind it) and what they gave. */
export function customerContact(db: DbOrTx, customerId: number) {
  return db
    .select({ id: users.id, email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.id, customerId))
    .limit(1)
    .then((r) => r[0]);
}

/**
 * The technician's identity: their account (id, e-mail, phone) and what their application
 * gave (e-mail, phone, street address), to compare with a reviewer's.
 */
export async function technicianIdentity(db: DbOrTx, technicianId: number) {
  const [account] = await db
    .select({
      userId: users.id,
      email: users.email,
      phone: users.phone,
      location: technicians.location,
    })
    .from(technicians)
    .innerJoin(users, eq(users.id, technicians.userId))
    .where(eq(technicians.id, technicianId))
    .limit(1);
  if (!account) return undefined;
  const applications = await db
    .select({
      email: technicianApplications.email,
      phone: technicianApplications.phone,
      address: technicianApplications.address,
      zipCode: technicianApplications.zipCode,
    })
    .from(technicianApplications)
    .where(
      or(
        eq(technicianApplications.userId, account.userId),
        eq(sql`lower(${technicianApplications.email})`, account.email.trim().toLowerCase()),
      ),
    );
  return { ...account, applications };
}

/**
 * The jobs among `requestIds` paid through the platform: a card or PayPal payment taken through
 * the payment provider that succeeded, on one of the job's invoices or as a quote's deposit.
 * (Cash, checks and wallets the technician records have no provider.)
 */
export async function paidJobs(db: DbOrTx, requestIds: number[]): Promise<Set<number>> {
  if (requestIds.length === 0) return new Set();
  const paid = and(
    eq(invoicePayments.status, 'succeeded'),
    inArray(invoicePayments.method, ['card', 'digital']),
    isNotNull(invoicePayments.provider),
  );
  const [byInvoice, byDeposit] = await Promise.all([
    db
      .selectDistinct({ id: invoices.serviceRequestId })
      .from(invoicePayments)
      .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
      .where(and(paid, inArray(invoices.serviceRequestId, requestIds))),
    db
      .selectDistinct({ id: quotes.serviceRequestId })
      .from(invoicePayments)
      .innerJoin(quotes, eq(quotes.id, invoicePayments.quoteId))
      .where(and(paid, inArray(quotes.serviceRequestId, requestIds))),
  ]);
  return new Set(
    [...byInvoice, ...byDeposit].map((r) => r.id).filter((id): id is number => id !== null),
  );
}

/** The request's address and contact, for the moderation signals. */
export function requestContact(db: DbOrTx, id: number) {
  return db
    .select({
      contactEmail: serviceRequests.contactEmail,
      contactPhone: serviceRequests.contactPhone,
      location: serviceRequests.location,
    })
    .from(serviceRequests)
    .where(eq(serviceRequests.id, id))
    .limit(1)
    .then((r) => r[0]);
}

/**
 * The e-mail addresses technicians gave (their accounts and their applications, whatever
 * became of them) at any of `domains`, for a comparison by mailbox.
 */
export async function technicianEmailsAt(db: DbOrTx, domains: string[]) {
  if (domains.length === 0) return [];
  const domainOf = (column: typeof users.email | typeof technicianApplications.email) =>
    sql`split_part(lower(trim(${column})), '@', 2)`;
  const [accounts, applications] = await Promise.all([
    db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.role, 'technician'), inArray(domainOf(users.email), domains))),
    db
      .select({ email: technicianApplications.email })
      .from(technicianApplications)
      .where(inArray(domainOf(technicianApplications.email), domains)),
  ]);
  return [...accounts, ...applications].map((r) => r.email);
}

/*
 * Every review write, whoever makes it (the customer's review, the technician's reply, an
 * admin's moderation): the technician row locked first, the rating recomputed after.
 */

export type ReviewRow = typeof reviews.$inferSelect;

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

export function updateReview(
  db: DbOrTx,
  id: number,
  values: Partial<
    Pick<
      ReviewRow,
      | 'rating'
      | 'comment'
      | 'reply'
      | 'repliedAt'
      | 'updatedAt'
      | 'flags'
      | 'hiddenAt'
      | 'hiddenReason'
      | 'hiddenBy'
      | 'moderatedAt'
    >
  >,
) {
  return db
    .update(reviews)
    .set(values)
    .where(eq(reviews.id, id))
    .returning()
    .then((r) => r[0]!);
}

/**
 * technicians.rating (average, 2 decimals) and totalReviews (count) from all their reviews an
 * admin has not hidden (ADR 025).
 */
export function recomputeRating(db: DbOrTx, technicianId: number) {
  const theirs = sql`from ${reviews} where ${reviews.technicianId} = ${technicianId} and ${reviews.hiddenAt} is null`;
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
