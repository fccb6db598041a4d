import { and, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import {
  jobNotifications,
  notificationSettings,
  outbox,
  pushSubscriptions,
  serviceRequests,
  technicians,
  users,
} from '../db/schema';

/** The technicians' e-mail, first name and notification settings (null when never saved). */
export function technicianContacts(db: DbOrTx, ids: number[]) {
  return db
    .select({
      id: technicians.id,
      email: users.email,
      firstName: users.firstName,
      s: notificationSettings,
    })
    .from(technicians)
    .innerJoin(users, eq(users.id, technicians.userId))
    .leftJoin(notificationSettings, eq(notificationSettings.technicianId, technicians.id))
    .where(inArray(technicians.id, ids));
}

/** The technicians' push subscriptions. */
export function pushSubscriptionsOf(db: DbOrTx, technicianIds: number[]) {
  return db
    .select({ id: pushSubscriptions.id, technicianId: pushSubscriptions.technicianId })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.technicianId, technicianIds));
}

/** A job notification with what its alerts tell of the request. */
export function notificationWithJob(tx: DbOrTx, notificationId: number) {
  return tx
    .select({
      id: jobNotifications.id,
      status: jobNotifications.status,
      technicianId: jobNotifications.technicianId,
      distanceMiles: jobNotifications.distanceMiles,
      expiresAt: jobNotifications.expiresAt,
      round: jobNotifications.round,
      serviceType: serviceRequests.serviceType,
      urgency: serviceRequests.urgency,
      location: serviceRequests.location,
    })
    .from(jobNotifications)
    .innerJoin(serviceRequests, eq(serviceRequests.id, jobNotifications.serviceRequestId))
    .where(eq(jobNotifications.id, notificationId))
    .then((r) => r[0]);
}

/**
 * One of the outbox messages with these keys that is sent, being sent, or queued and not
 * tried yet (at most one row).
 */
export function sentOrUntriedMessage(tx: DbOrTx, idempotencyKeys: string[]) {
  return tx
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        inArray(outbox.idempotencyKey, idempotencyKeys),
        or(
          inArray(outbox.status, ['sent', 'sending']),
          and(eq(outbox.status, 'queued'), eq(outbox.attempts, 0)),
        ),
      ),
    )
    .limit(1);
}

/** The keys among these of outbox messages sent or being sent. */
export function sentMessageKeys(tx: DbOrTx, idempotencyKeys: string[]) {
  return tx
    .select({ key: outbox.idempotencyKey })
    .from(outbox)
    .where(
      and(
        inArray(outbox.idempotencyKey, idempotencyKeys),
        inArray(outbox.status, ['sending', 'sent']),
      ),
    );
}
