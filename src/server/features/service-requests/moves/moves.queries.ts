import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { jobNotifications, technicians } from '../../../db/schema';

/** Where a technician works from (their base), for an ETA. */
export function technicianBase(db: DbOrTx, technicianId: number) {
  return db
    .select({ latitude: technicians.latitude, longitude: technicians.longitude })
    .from(technicians)
    .where(eq(technicians.id, technicianId))
    .then((r) => r[0]);
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

/**
 * The technician's row, locked (NO KEY UPDATE) as dispatch's accept locks it: their bookings
 * are checked one at a time (the exclusion constraint refuses an overlap whatever happens).
 */
export function lockTechnician(db: DbOrTx, technicianId: number) {
  return db
    .select({ id: technicians.id })
    .from(technicians)
    .where(eq(technicians.id, technicianId))
    .for('no key update');
}
