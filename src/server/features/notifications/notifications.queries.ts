import { and, count, desc, eq, ne, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notificationSettings, pushSubscriptions, technicians } from '../../db/schema';

export function settingsRow(db: DbOrTx, technicianId: number) {
  return db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.technicianId, technicianId))
    .then((r) => r[0]);
}

export function upsertSettings(db: DbOrTx, values: typeof notificationSettings.$inferInsert) {
  const { technicianId: _id, createdAt: _c, ...set } = values;
  return db
    .insert(notificationSettings)
    .values(values)
    .onConflictDoUpdate({ target: notificationSettings.technicianId, set })
    .returning()
    .then((r) => r[0]!);
}

export function subscriptionsOf(db: DbOrTx, technicianId: number) {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.technicianId, technicianId))
    .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.id));
}

/**
 * Serialises a technician's subscription changes (the device limit is counted, then trimmed).
 * NO KEY UPDATE: rows referencing the technician can still be written meanwhile.
 */
export function lockTechnicianDevices(tx: DbOrTx, technicianId: number) {
  return tx
    .select({ id: technicians.id })
    .from(technicians)
    .where(eq(technicians.id, technicianId))
    .for('no key update');
}

/**
 * One row per endpoint: a browser subscribing again updates its row. A browser another account
 * used gets a new row (a new id): messages queued for the previous account's subscription find
 * it gone instead of reaching the new account.
 */
export async function upsertSubscription(
  db: DbOrTx,
  values: Omit<typeof pushSubscriptions.$inferInsert, 'id'>,
) {
  await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.endpoint, values.endpoint),
        ne(pushSubscriptions.technicianId, values.technicianId),
      ),
    );
  return db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        technicianId: values.technicianId,
        p256dh: values.p256dh,
        auth: values.auth,
        deviceLabel: values.deviceLabel,
        updatedAt: sql`now()`,
      },
    })
    .returning()
    .then((r) => r[0]!);
}

/** Keeps a technician's newest `keep` subscriptions. */
export async function trimSubscriptions(db: DbOrTx, technicianId: number, keep: number) {
  const [{ n }] = (await db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.technicianId, technicianId))) as [{ n: number }];
  if (n <= keep) return;
  const newest = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.technicianId, technicianId))
    .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.id))
    .limit(keep);
  await db.delete(pushSubscriptions).where(
    and(
      eq(pushSubscriptions.technicianId, technicianId),
      notInArray(
        pushSubscriptions.id,
        newest.map((r) => r.id),
      ),
    ),
  );
}

export function deleteSubscription(db: DbOrTx, technicianId: number, id: number) {
  return db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.technicianId, technicianId)))
    .returning({ id: pushSubscriptions.id })
    .then((r) => r.length > 0);
}
