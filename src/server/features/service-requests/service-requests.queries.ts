import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  invoicePayments,
  invoices,
  jobNotifications,
  quotes,
  reviews,
  serviceRequestEvents,
  technicians,
  users,
  vehicles,
} from '../../db/schema';

/* What a service request's page shows (service-requests.detail), for every part of the feature that answers with it. */

/** The timeline, oldest first, with the first name and initial of whoever made each move. */
export function timelineOf(db: DbOrTx, requestId: number) {
  return db
    .select({
      e: serviceRequestEvents,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(serviceRequestEvents)
    .leftJoin(users, eq(users.id, serviceRequestEvents.actorUserId))
    .where(eq(serviceRequestEvents.serviceRequestId, requestId))
    .orderBy(asc(serviceRequestEvents.id));
}

export function technicianCard(db: DbOrTx, technicianId: number) {
  return db
    .select({
      id: technicians.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      profileImage: technicians.profileImage,
      rating: technicians.rating,
      totalReviews: technicians.totalReviews,
      startingPrices: technicians.startingPrices,
      /** Their base: an arrival estimate by distance when they share no position. */
      baseLatitude: technicians.latitude,
      baseLongitude: technicians.longitude,
    })
    .from(technicians)
    .innerJoin(users, eq(users.id, technicians.userId))
    .where(eq(technicians.id, technicianId))
    .then((r) => r[0]);
}

export function customerOf(db: DbOrTx, userId: number) {
  return db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
    })
    .from(users)
    .where(eq(users.id, userId))
    .then((r) => r[0]);
}

export function vehicleOf(db: DbOrTx, vehicleId: number) {
  return db
    .select()
    .from(vehicles)
    .where(eq(vehicles.id, vehicleId))
    .then((r) => r[0]);
}

export function quoteRowsOfJob(db: DbOrTx, requestId: number) {
  return db
    .select()
    .from(quotes)
    .where(eq(quotes.serviceRequestId, requestId))
    .orderBy(asc(quotes.id));
}

export function invoiceRowsOfJob(db: DbOrTx, requestId: number) {
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.serviceRequestId, requestId))
    .orderBy(asc(invoices.id));
}

/**
 * The payments of a job's documents: of its invoices, and its quotes' deposits (taken, and
 * attempted: a declined card is listed as the failed attempt it was).
 */
export function paymentRowsOfDocuments(db: DbOrTx, invoiceIds: number[], quoteIds: number[]) {
  if (invoiceIds.length === 0 && quoteIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(invoicePayments)
    .where(
      or(
        invoiceIds.length ? inArray(invoicePayments.invoiceId, invoiceIds) : sql`false`,
        quoteIds.length ? inArray(invoicePayments.quoteId, quoteIds) : sql`false`,
      ),
    )
    .orderBy(asc(invoicePayments.id));
}

export function reviewOfJob(db: DbOrTx, requestId: number) {
  return db
    .select()
    .from(reviews)
    .where(eq(reviews.serviceRequestId, requestId))
    .then((r) => r[0]);
}

/** Dispatch figures: pending in the current round (and when it ends), notified in all. */
export async function dispatchFigures(db: DbOrTx, requestId: number, round: number, now: Date) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      pendingNow: sql<number>`(count(*) filter (where ${jobNotifications.status} = 'pending' and ${jobNotifications.round} = ${round} and ${jobNotifications.expiresAt} > ${now}))::int`,
      endsAt: sql<
        Date | string | null
      >`max(${jobNotifications.expiresAt}) filter (where ${jobNotifications.status} = 'pending' and ${jobNotifications.round} = ${round} and ${jobNotifications.expiresAt} > ${now})`,
    })
    .from(jobNotifications)
    .where(eq(jobNotifications.serviceRequestId, requestId));
  const endsAt = row?.endsAt ? new Date(row.endsAt) : null;
  return { total: row?.total ?? 0, pendingNow: row?.pendingNow ?? 0, endsAt };
}

/** Every notification of the request, by round, with the technician's name (admin view). */
export function notificationsOfJob(db: DbOrTx, requestId: number) {
  return db
    .select({
      n: jobNotifications,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(jobNotifications)
    .innerJoin(technicians, eq(technicians.id, jobNotifications.technicianId))
    .innerJoin(users, eq(users.id, technicians.userId))
    .where(eq(jobNotifications.serviceRequestId, requestId))
    .orderBy(asc(jobNotifications.round), asc(jobNotifications.id));
}
