import { and, asc, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paymentConnections, webhookEvents } from '../../db/schema';
import type { WebhookProvider } from '../../domain/provider-events';

export type WebhookEventRow = typeof webhookEvents.$inferSelect;

/** After this many failed attempts an event is left for a person to look at (last_error). */
export const MAX_ATTEMPTS = 12;

/** Stores the event once per provider and event id; null when it was stored before (a replay). */
export async function insertEvent(
  db: DbOrTx,
  values: {
    provider: WebhookProvider;
    eventId: string;
    type: string;
    payload: Record<string, unknown>;
    receivedAt: Date;
  },
): Promise<WebhookEventRow | null> {
  const [row] = await db
    .insert(webhookEvents)
    .values({ ...values, nextAttemptAt: values.receivedAt })
    .onConflictDoNothing({ target: [webhookEvents.provider, webhookEvents.eventId] })
    .returning();
  return row ?? null;
}

/**
 * The oldest event due and not processed, locked until the transaction ends; other workers
 * skip it (`for update skip locked`) and take the next.
 */
export async function claimNextEvent(tx: DbOrTx, now: Date) {
  const [row] = await tx
    .select()
    .from(webhookEvents)
    .where(
      and(
        isNull(webhookEvents.processedAt),
        lte(webhookEvents.nextAttemptAt, now),
        lt(webhookEvents.attempts, MAX_ATTEMPTS),
      ),
    )
    .orderBy(asc(webhookEvents.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

/** Applied (or nothing to apply: `note` says why). */
export async function markProcessed(tx: DbOrTx, id: number, now: Date, note: string | null) {
  await tx
    .update(webhookEvents)
    .set({
      processedAt: now,
      attempts: sql`${webhookEvents.attempts} + 1`,
      lastError: note,
    })
    .where(eq(webhookEvents.id, id));
}

/** Not applied this time: counted, and tried again at `retryAt`. */
export async function markAttemptFailed(tx: DbOrTx, id: number, error: string, retryAt: Date) {
  await tx
    .update(webhookEvents)
    .set({
      attempts: sql`${webhookEvents.attempts} + 1`,
      lastError: error.slice(0, 1000),
      nextAttemptAt: retryAt,
    })
    .where(eq(webhookEvents.id, id));
}

/**
 * The seller withdrew our access at the provider: their connected account is disconnected
 * (tokens cleared, the row kept for the record). How many rows it changed.
 */
export async function revokeConnection(
  tx: DbOrTx,
  provider: WebhookProvider,
  merchantId: string,
  now: Date,
) {
  const rows = await tx
    .update(paymentConnections)
    .set({
      status: 'disconnected',
      disconnectReason: 'revoked',
      disconnectedAt: now,
      accessTokenEnc: null,
      refreshTokenEnc: null,
      expiresAt: null,
    })
    .where(
      and(
        eq(paymentConnections.provider, provider),
        eq(paymentConnections.merchantId, merchantId),
        eq(paymentConnections.status, 'connected'),
      ),
    )
    .returning({ id: paymentConnections.id });
  return rows.length;
}
