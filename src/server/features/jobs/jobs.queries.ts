import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ACTIVE_JOB_STATUSES, parseReference } from '@shared/jobs';
import { escapeLike } from '../../infra/sql-like';
import type { DbOrTx } from '../../db/client';
import {
  invoicePayments,
  invoices,
  jobNotifications,
  quotes,
  reviews,
  serviceRequestEvents,
  serviceRequests,
  sessions,
  technicians,
  users,
  vehicles,
} from '../../db/schema';

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

/** Where a technician works from (their base), for an ETA. */
export function technicianBase(db: DbOrTx, technicianId: number) {
  return db
    .select({ latitude: technicians.latitude, longitude: technicians.longitude })
    .from(technicians)
    .where(eq(technicians.id, technicianId))
    .then((r) => r[0]);
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

export function paymentRowsOfInvoices(db: DbOrTx, invoiceIds: number[]) {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(invoicePayments)
    .where(inArray(invoicePayments.invoiceId, invoiceIds))
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

const techUsers = alias(users, 'tech_users');

/** One line per request, with the technician's name: lists of requests and jobs. */
function summaryQuery(db: DbOrTx) {
  return db
    .select({
      r: serviceRequests,
      customerFirst: users.firstName,
      customerLast: users.lastName,
      customerEmail: users.email,
      techFirst: techUsers.firstName,
      techLast: techUsers.lastName,
    })
    .from(serviceRequests)
    .innerJoin(users, eq(users.id, serviceRequests.customerId))
    .leftJoin(technicians, eq(technicians.id, serviceRequests.assignedTechnicianId))
    .leftJoin(techUsers, eq(techUsers.id, technicians.userId));
}
export type SummaryRow = Awaited<ReturnType<typeof summaryQuery>>[number];

export function requestsOfCustomer(db: DbOrTx, customerId: number, limit: number) {
  return summaryQuery(db)
    .where(eq(serviceRequests.customerId, customerId))
    .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id))
    .limit(limit);
}

/**
 * What narrows a technician's list: its tab and a search. The technician's id leads every
 * condition, so service_requests_assigned_idx (technician, status) picks the rows; a reference
 * is an equality on the primary key, anything else an ILIKE over that technician's jobs only.
 */
function technicianJobsWhere(technicianId: number, which: 'active' | 'past', search?: string) {
  const active = [...ACTIVE_JOB_STATUSES];
  const where: SQL[] = [
    eq(serviceRequests.assignedTechnicianId, technicianId),
    which === 'active'
      ? inArray(serviceRequests.status, active)
      : notInArray(serviceRequests.status, active),
  ];
  if (search) {
    const id = parseReference(search);
    if (id !== null) where.push(eq(serviceRequests.id, id));
    else {
      const p = `%${escapeLike(search)}%`;
      where.push(
        or(
          ilike(serviceRequests.serviceType, p),
          ilike(serviceRequests.location, p),
          ilike(serviceRequests.vehicleInfo, p),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, p),
          // A part of a reference ("WR-0001", "123") as the customer reads it.
          ilike(sql`'WR-' || lpad(${serviceRequests.id}::text, 6, '0')`, p),
        )!,
      );
    }
  }
  return and(...where);
}

export function jobsOfTechnician(
  db: DbOrTx,
  technicianId: number,
  which: 'active' | 'past',
  page: { limit: number; offset: number; search?: string },
) {
  return summaryQuery(db)
    .where(technicianJobsWhere(technicianId, which, page.search))
    .orderBy(
      which === 'active' ? asc(serviceRequests.windowStart) : desc(serviceRequests.updatedAt),
      desc(serviceRequests.id),
    )
    .limit(page.limit)
    .offset(page.offset);
}

/** How many of the technician's jobs in that list match the search. */
export async function countJobsOfTechnician(
  db: DbOrTx,
  technicianId: number,
  which: 'active' | 'past',
  search?: string,
) {
  const [row] = await db
    .select({ n: count() })
    .from(serviceRequests)
    .innerJoin(users, eq(users.id, serviceRequests.customerId))
    .where(technicianJobsWhere(technicianId, which, search));
  return row?.n ?? 0;
}

/** The notification the technician accepted for this request, to give the job back. */
export function acceptedNotification(db: DbOrTx, requestId: number, technicianId: number) {
  return db
    .select()
    .from(jobNotifications)
    .where(
      and(
        eq(jobNotifications.serviceRequestId, requestId),
        eq(jobNotifications.technicianId, technicianId),
        eq(jobNotifications.status, 'accepted'),
      ),
    )
    .then((r) => r[0]);
}

export function withdrawNotification(db: DbOrTx, id: number, reason: string, at: Date) {
  return db
    .update(jobNotifications)
    .set({ status: 'withdrawn', declineReason: reason, respondedAt: at })
    .where(eq(jobNotifications.id, id));
}

/** A give-back recorded for a technician assigned without a notification. */
export function insertWithdrawn(
  db: DbOrTx,
  v: { serviceRequestId: number; technicianId: number; round: number; reason: string; at: Date },
) {
  return db.insert(jobNotifications).values({
    serviceRequestId: v.serviceRequestId,
    technicianId: v.technicianId,
    round: v.round,
    status: 'withdrawn',
    declineReason: v.reason,
    expiresAt: v.at,
    respondedAt: v.at,
    createdAt: v.at,
  });
}

/** Closes the request's pending notifications (it was canceled); returns them. */
export function closePending(db: DbOrTx, requestId: number) {
  return db
    .update(jobNotifications)
    .set({ status: 'closed' })
    .where(
      and(eq(jobNotifications.serviceRequestId, requestId), eq(jobNotifications.status, 'pending')),
    )
    .returning({ id: jobNotifications.id, technicianId: jobNotifications.technicianId });
}

export function countCompletedJob(db: DbOrTx, technicianId: number) {
  return db
    .update(technicians)
    .set({ completedJobs: sql`${technicians.completedJobs} + 1` })
    .where(eq(technicians.id, technicianId));
}

/** Whether a session is still there and unexpired (signed out, ended or expired: not). */
export async function sessionIsLive(db: DbOrTx, sessionId: string, now: Date) {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now)))
    .limit(1);
  return row !== undefined;
}

/** Starts (number and consent time) or stops (consent cleared, number kept) the customer's texts. */
export function setTextUpdates(
  db: DbOrTx,
  id: number,
  set: { smsUpdatesPhone?: string; smsUpdatesConsentAt: Date | null },
) {
  return db
    .update(serviceRequests)
    .set(set)
    .where(eq(serviceRequests.id, id))
    .returning()
    .then((r) => r[0]!);
}
