import { and, desc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { jobNotifications, serviceRequests, technicians, users } from '../../db/schema';
import { certifiedSql } from '../../domain/credentials';
import { receivesLeadsSql } from '../../domain/entitlements';

/**
 * Which of `ids` can take request `requestId` now: approved, available, certified (a current
 * verified license and insurance, whatever else is on file: ADR 033), a plan that
 * delivers leads with room under its monthly job cap (ADR 014), and not yet notified of it. The
 * index has already ranked them by distance and checked specialty, radius and plan; this is the
 * part it does not hold (and the plan again, as of this transaction).
 */
export async function eligibleAmong(
  db: DbOrTx,
  r: {
    requestId: number;
    ids: number[];
    now: Date;
    dispatchStartedAt: Date | null;
  },
): Promise<Set<number>> {
  if (r.ids.length === 0) return new Set();
  const rows = await db
    .select({ id: technicians.id })
    .from(technicians)
    .innerJoin(users, eq(users.id, technicians.userId))
    .where(
      and(
        inArray(technicians.id, r.ids),
        eq(users.status, 'approved'),
        eq(users.role, 'technician'),
        eq(technicians.isAvailable, true),
        receivesLeadsSql(technicians.id, r.now),
        // Not asked since dispatch last (re)started, and never one who declined or gave it back.
        sql`not exists (select 1 from job_notifications jn where jn.service_request_id = ${r.requestId} and jn.technician_id = ${technicians.id}
              and (jn.status in ('pending', 'accepted', 'declined', 'withdrawn') or jn.created_at >= ${r.dispatchStartedAt ?? new Date(0)}))`,
        certifiedSql(technicians.id, r.now),
      ),
    );
  return new Set(rows.map((x) => x.id));
}

export function lockRequest(db: DbOrTx, id: number) {
  return db
    .select()
    .from(serviceRequests)
    .where(eq(serviceRequests.id, id))
    .for('update')
    .then((r) => r[0]);
}

/**
 * Requests in dispatch whose current round is over (nothing pending and unexpired is left),
 * and requests whose dispatch never started (a crash between storing and dispatching).
 */
export function requestsWithFinishedRound(db: DbOrTx, now: Date) {
  return db
    .select({ id: serviceRequests.id })
    .from(serviceRequests)
    .where(
      and(
        inArray(serviceRequests.status, ['dispatching', 'requested']),
        sql`not exists (select 1 from job_notifications jn where jn.service_request_id = ${serviceRequests.id}
              and jn.status = 'pending' and jn.expires_at > ${now})`,
      ),
    )
    .limit(100);
}

/** Pending notifications past their expiry, to be marked expired. */
export function expiredPending(db: DbOrTx, now: Date) {
  return db
    .select({
      id: jobNotifications.id,
      technicianId: jobNotifications.technicianId,
      serviceRequestId: jobNotifications.serviceRequestId,
    })
    .from(jobNotifications)
    .where(and(eq(jobNotifications.status, 'pending'), lte(jobNotifications.expiresAt, now)))
    .limit(500);
}

export function notificationRows(db: DbOrTx, technicianId: number, limit: number) {
  return db
    .select({
      n: jobNotifications,
      r: serviceRequests,
      c: {
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        phone: users.phone,
      },
    })
    .from(jobNotifications)
    .innerJoin(serviceRequests, eq(serviceRequests.id, jobNotifications.serviceRequestId))
    .innerJoin(users, eq(users.id, serviceRequests.customerId))
    .where(
      and(eq(jobNotifications.technicianId, technicianId), ne(jobNotifications.status, 'closed')),
    )
    .orderBy(desc(jobNotifications.createdAt), desc(jobNotifications.id))
    .limit(limit);
}

export function notificationById(db: DbOrTx, id: number) {
  return db
    .select({
      n: jobNotifications,
      r: serviceRequests,
      c: {
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        phone: users.phone,
      },
    })
    .from(jobNotifications)
    .innerJoin(serviceRequests, eq(serviceRequests.id, jobNotifications.serviceRequestId))
    .innerJoin(users, eq(users.id, serviceRequests.customerId))
    .where(eq(jobNotifications.id, id))
    .then((r) => r[0]);
}

export function otherPending(db: DbOrTx, serviceRequestId: number, exceptId: number) {
  return db
    .update(jobNotifications)
    .set({ status: 'closed' })
    .where(
      and(
        eq(jobNotifications.serviceRequestId, serviceRequestId),
        eq(jobNotifications.status, 'pending'),
        ne(jobNotifications.id, exceptId),
      ),
    )
    .returning({ id: jobNotifications.id, technicianId: jobNotifications.technicianId });
}

export function technicianContact(db: DbOrTx, technicianId: number) {
  return db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
    })
    .from(technicians)
    .innerJoin(users, eq(users.id, technicians.userId))
    .where(eq(technicians.id, technicianId))
    .then((r) => r[0]);
}

/** New pending notifications; one a technician already has for the request is skipped. */
export function insertNotifications(db: DbOrTx, values: (typeof jobNotifications.$inferInsert)[]) {
  return db
    .insert(jobNotifications)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: jobNotifications.id, technicianId: jobNotifications.technicianId });
}

/** Marks the request's pending notifications past their expiry expired; returns them. */
export function expirePendingOf(db: DbOrTx, serviceRequestId: number, now: Date) {
  return db
    .update(jobNotifications)
    .set({ status: 'expired' })
    .where(
      and(
        eq(jobNotifications.serviceRequestId, serviceRequestId),
        eq(jobNotifications.status, 'pending'),
        lte(jobNotifications.expiresAt, now),
      ),
    )
    .returning({ id: jobNotifications.id, technicianId: jobNotifications.technicianId });
}

/** How many technicians were ever offered the request. */
export function offeredCount(db: DbOrTx, serviceRequestId: number) {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobNotifications)
    .where(eq(jobNotifications.serviceRequestId, serviceRequestId))
    .then((r) => r[0]?.n ?? 0);
}

export function hasPending(db: DbOrTx, serviceRequestId: number) {
  return db
    .select({ id: jobNotifications.id })
    .from(jobNotifications)
    .where(
      and(
        eq(jobNotifications.serviceRequestId, serviceRequestId),
        eq(jobNotifications.status, 'pending'),
      ),
    )
    .limit(1)
    .then((r) => r.length > 0);
}

/** The notification, locked for an answer. */
export function lockNotification(db: DbOrTx, id: number) {
  return db
    .select()
    .from(jobNotifications)
    .where(eq(jobNotifications.id, id))
    .for('update')
    .then((r) => r[0]);
}

/**
 * The technician's row, locked: accepts by one technician serialise on it, so the monthly job
 * cap is counted and used under one lock (NO KEY UPDATE: new notifications for the technician,
 * which only reference the row, are not held up).
 */
export function lockTechnician(db: DbOrTx, id: number) {
  return db
    .select({ id: technicians.id })
    .from(technicians)
    .where(eq(technicians.id, id))
    .for('no key update')
    .then((r) => r[0]);
}

export function markAccepted(db: DbOrTx, id: number, at: Date) {
  return db
    .update(jobNotifications)
    .set({ status: 'accepted', respondedAt: at })
    .where(eq(jobNotifications.id, id));
}

export function markDeclined(db: DbOrTx, id: number, at: Date, reason: string) {
  return db
    .update(jobNotifications)
    .set({ status: 'declined', respondedAt: at, declineReason: reason })
    .where(eq(jobNotifications.id, id));
}

/** Whether the technician was ever notified of the request. */
export function wasOffered(db: DbOrTx, serviceRequestId: number, technicianId: number) {
  return db
    .select({ id: jobNotifications.id })
    .from(jobNotifications)
    .where(
      and(
        eq(jobNotifications.serviceRequestId, serviceRequestId),
        eq(jobNotifications.technicianId, technicianId),
      ),
    )
    .limit(1)
    .then((r) => r.length > 0);
}

/** What the exclusive offer needs of the technician the customer chose: services and base. */
export function firstChoiceTechnician(db: DbOrTx, technicianId: number) {
  return db
    .select({
      specialties: technicians.specialties,
      latitude: technicians.latitude,
      longitude: technicians.longitude,
    })
    .from(technicians)
    .where(eq(technicians.id, technicianId))
    .then((r) => r[0]);
}
