import { and, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { paymentConnections, paymentOauthStates } from '../db/schema';

export type ConnectionRow = typeof paymentConnections.$inferSelect;

export const connectionsOf = (db: DbOrTx, technicianId: number) =>
  db
    .select()
    .from(paymentConnections)
    .where(eq(paymentConnections.technicianId, technicianId))
    .orderBy(paymentConnections.provider);

export async function connectionOf(db: DbOrTx, technicianId: number, provider: string) {
  const [row] = await db
    .select()
    .from(paymentConnections)
    .where(
      and(
        eq(paymentConnections.technicianId, technicianId),
        eq(paymentConnections.provider, provider),
      ),
    );
  return row;
}

/** Saves the account as connected (a reconnect replaces the previous one's tokens). */
export async function upsertConnection(
  db: DbOrTx,
  values: Omit<typeof paymentConnections.$inferInsert, 'status'>,
) {
  const [row] = await db
    .insert(paymentConnections)
    .values({ ...values, status: 'connected' })
    .onConflictDoUpdate({
      target: [paymentConnections.technicianId, paymentConnections.provider],
      set: {
        ...values,
        status: 'connected',
        disconnectedAt: null,
        disconnectReason: null,
        updatedAt: values.connectedAt,
      },
    })
    .returning();
  return row!;
}

export async function updateConnection(
  db: DbOrTx,
  id: number,
  values: Partial<typeof paymentConnections.$inferInsert>,
) {
  const [row] = await db
    .update(paymentConnections)
    .set(values)
    .where(eq(paymentConnections.id, id))
    .returning();
  return row;
}

/** Connected accounts whose access token expires before `before` (and can be refreshed). */
export const expiringConnections = (db: DbOrTx, before: Date) =>
  db
    .select()
    .from(paymentConnections)
    .where(
      and(
        eq(paymentConnections.status, 'connected'),
        isNotNull(paymentConnections.refreshTokenEnc),
        lt(paymentConnections.expiresAt, before),
      ),
    )
    .limit(100);

export async function insertState(db: DbOrTx, values: typeof paymentOauthStates.$inferInsert) {
  await db.insert(paymentOauthStates).values(values);
}

/**
 * Uses a state once: the row, marked used, when it was unused; undefined when unknown or used
 * already (a replay).
 */
export async function useState(db: DbOrTx, state: string, now: Date) {
  const [row] = await db
    .update(paymentOauthStates)
    .set({ usedAt: now })
    .where(and(eq(paymentOauthStates.state, state), isNull(paymentOauthStates.usedAt)))
    .returning();
  return row;
}

export const deleteExpiredStates = (db: DbOrTx, before: Date) =>
  db.delete(paymentOauthStates).where(lt(paymentOauthStates.expiresAt, before));
