import { and, asc, eq, inArray, isNull, lt, notExists, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { invoicePayments, invoices, paymentRefunds, quotes } from '../../../db/schema';
import type { PaymentRow } from '../pos.queries';

/** Deposits and refunds (ADR 017): the SQL of pos.deposits and pos.refunds. */

export type RefundRow = typeof paymentRefunds.$inferSelect;

const LIVE_PAYMENT = ['processing', 'succeeded'] as const;
const LIVE_REFUND = ['processing', 'succeeded'] as const;

// Deposits

/** The deposit taken (or being taken) for each of these quotes. */
export function liveDepositsOf(db: DbOrTx, quoteIds: number[]) {
  return db
    .select()
    .from(invoicePayments)
    .where(
      and(
        inArray(invoicePayments.quoteId, quoteIds),
        inArray(invoicePayments.status, LIVE_PAYMENT),
      ),
    );
}

/** The quote's deposit payment that succeeded, if any. */
export async function paidDepositOf(db: DbOrTx, quoteId: number) {
  const [p] = await db
    .select()
    .from(invoicePayments)
    .where(and(eq(invoicePayments.quoteId, quoteId), eq(invoicePayments.status, 'succeeded')));
  return p;
}

/**
 * Attaches the quote's paid deposit to the invoice made from it; the cents to count as paid
 * (nothing for a deposit already given back). Call inside the invoice's transaction.
 */
export async function attachDeposit(tx: DbOrTx, quoteId: number, invoiceId: number) {
  const attached = await tx
    .update(invoicePayments)
    .set({ invoiceId })
    .where(
      and(
        eq(invoicePayments.quoteId, quoteId),
        eq(invoicePayments.status, 'succeeded'),
        isNull(invoicePayments.invoiceId),
      ),
    )
    .returning();
  if (attached.length === 0) return 0;
  // Read after the update took the payment's row lock: a refund settled meanwhile is seen.
  const given = await tx
    .select({ paymentId: paymentRefunds.paymentId })
    .from(paymentRefunds)
    .where(
      and(
        inArray(
          paymentRefunds.paymentId,
          attached.map((p) => p.id),
        ),
        eq(paymentRefunds.status, 'succeeded'),
      ),
    );
  const refunded = new Set(given.map((g) => g.paymentId));
  return attached.filter((p) => !refunded.has(p.id)).reduce((t, p) => t + p.amountCents, 0);
}

/**
 * The paid deposits of a technician's quotes on a job that nothing has been given back on yet
 * (a technician giving the job back refunds them).
 */
export function refundableDepositsOfJob(
  db: DbOrTx,
  serviceRequestId: number,
  technicianId: number,
) {
  return db
    .select({ p: invoicePayments })
    .from(invoicePayments)
    .innerJoin(quotes, eq(quotes.id, invoicePayments.quoteId))
    .where(
      and(
        eq(quotes.serviceRequestId, serviceRequestId),
        eq(quotes.technicianId, technicianId),
        eq(invoicePayments.status, 'succeeded'),
        notExists(
          db
            .select({ one: sql`1` })
            .from(paymentRefunds)
            .where(
              and(
                eq(paymentRefunds.paymentId, invoicePayments.id),
                inArray(paymentRefunds.status, LIVE_REFUND),
              ),
            ),
        ),
      ),
    )
    .then((rows) => rows.map((r) => r.p));
}

// Refunds

/** The payment, locked until the transaction ends (its refunds serialise on it). */
export async function lockPayment(tx: DbOrTx, id: number): Promise<PaymentRow | undefined> {
  const [p] = await tx
    .select()
    .from(invoicePayments)
    .where(eq(invoicePayments.id, id))
    .for('update');
  return p;
}

/** Inserts the refund unless its key is taken or the payment has a live refund: null then. */
export async function insertRefund(tx: DbOrTx, values: typeof paymentRefunds.$inferInsert) {
  const [r] = await tx.insert(paymentRefunds).values(values).onConflictDoNothing().returning();
  return r ?? null;
}

export async function refundByKey(db: DbOrTx, key: string): Promise<RefundRow | undefined> {
  const [r] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.idempotencyKey, key));
  return r;
}

export async function refundById(db: DbOrTx, id: number): Promise<RefundRow | undefined> {
  const [r] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, id));
  return r;
}

/** The refund under way or done on a payment, if any. */
export async function liveRefundOf(db: DbOrTx, paymentId: number) {
  const [r] = await db
    .select()
    .from(paymentRefunds)
    .where(
      and(eq(paymentRefunds.paymentId, paymentId), inArray(paymentRefunds.status, LIVE_REFUND)),
    );
  return r;
}

/** The latest refund of each of these payments. */
export async function latestRefundsOf(db: DbOrTx, paymentIds: number[]) {
  if (paymentIds.length === 0) return new Map<number, RefundRow>();
  const rows = await db
    .select()
    .from(paymentRefunds)
    .where(inArray(paymentRefunds.paymentId, paymentIds))
    .orderBy(asc(paymentRefunds.id));
  return new Map(rows.map((r) => [r.paymentId, r]));
}

/** Sets a refund's outcome if it is still `processing`; undefined when it was settled before. */
export async function settleProcessingRefund(
  tx: DbOrTx,
  id: number,
  values: Partial<typeof paymentRefunds.$inferInsert>,
) {
  const [r] = await tx
    .update(paymentRefunds)
    .set(values)
    .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.status, 'processing')))
    .returning();
  return r;
}

/** Refunds still `processing` that were claimed before `before` (the reconciliation sweep). */
export function stuckRefunds(db: DbOrTx, before: Date) {
  return db
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.status, 'processing'), lt(paymentRefunds.createdAt, before)))
    .orderBy(asc(paymentRefunds.id))
    .limit(200);
}

/** Takes money given back off the invoice's paid amount; paid again only when still covered. */
export async function subtractFromInvoice(tx: DbOrTx, invoiceId: number, amountCents: number) {
  const [inv] = await tx
    .update(invoices)
    .set({ paidAmountCents: sql`greatest(0, ${invoices.paidAmountCents} - ${amountCents})` })
    .where(eq(invoices.id, invoiceId))
    .returning();
  if (inv && inv.status === 'paid' && inv.paidAmountCents < inv.totalAmountCents)
    await tx
      .update(invoices)
      .set({ status: 'pending', paidAt: null })
      .where(eq(invoices.id, invoiceId));
}
