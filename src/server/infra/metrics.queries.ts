import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { invoicePayments, outbox, payments } from '../db/schema';

/** Messages waiting per channel, and how long the oldest has waited (seconds). */
export async function outboxBacklog(db: DbOrTx, now: Date) {
  return db
    .select({
      channel: outbox.channel,
      depth: sql<number>`count(*)::int`,
      oldestSeconds: sql<number>`coalesce(extract(epoch from (${now.toISOString()}::timestamptz - min(${outbox.createdAt}))), 0)::float8`,
    })
    .from(outbox)
    .where(sql`${outbox.status} in ('queued', 'sending')`)
    .groupBy(outbox.channel);
}

/** Payments by state: plan payments and the point of sale's. */
export async function paymentsByState(db: DbOrTx) {
  const plan = await db
    .select({ status: payments.status, n: sql<number>`count(*)::int` })
    .from(payments)
    .groupBy(payments.status);
  const pos = await db
    .select({ status: invoicePayments.status, n: sql<number>`count(*)::int` })
    .from(invoicePayments)
    .groupBy(invoicePayments.status);
  return { plan, pos };
}
