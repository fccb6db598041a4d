import { and, eq, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
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

/**
 * Holds the seller account (provider and merchant id) until the transaction ends, so two
 * technicians connecting the same account at once are judged one after the other.
 */
export async function lockMerchant(tx: DbOrTx, provider: string, merchantId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${provider}:${merchantId}`}))`);
}

/** Another technician's connected account at `provider` with this merchant id, if any. */
export async function connectedElsewhere(
  db: DbOrTx,
  provider: string,
  merchantId: string,
  technicianId: number,
) {
  const [row] = await db
    .select({ id: paymentConnections.id })
    .from(paymentConnections)
    .where(
      and(
        eq(paymentConnections.provider, provider),
        eq(paymentConnections.merchantId, merchantId),
        eq(paymentConnections.status, 'connected'),
        ne(paymentConnections.technicianId, technicianId),
      ),
    )
    .limit(1);
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

/** The state as issued (used or not), to judge whose it is before spending it. */
export async function findState(db: DbOrTx, state: string) {
  const [row] = await db
    .select()
    .from(paymentOauthStates)
    .where(eq(paymentOauthStates.state, state));
  return row;
}

/**
 * Uses a state once, and only for the technician it was issued to: the row, marked used, when
 * it was theirs and unused; undefined otherwise (a replay, or a concurrent use that won).
 */
export async function useState(db: DbOrTx, state: string, technicianId: number, now: Date) {
  const [row] = await db
    .update(paymentOauthStates)
    .set({ usedAt: now })
    .where(
      and(
        eq(paymentOauthStates.state, state),
        eq(paymentOauthStates.technicianId, technicianId),
        isNull(paymentOauthStates.usedAt),
      ),
    )
    .returning();
  return row;
}

export const deleteExpiredStates = (db: DbOrTx, before: Date) =>
  db.delete(paymentOauthStates).where(lt(paymentOauthStates.expiresAt, before));
