import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { invoicePayments, invoices } from '../../db/schema';
import { RECONCILE_AFTER_MS, type ChargeResult } from '../../lib/payments';

/**
 * Reconciliation of point-of-sale card payments (ADR 007): a payment still `processing` after
 * every provider call would have timed out is asked about by its idempotency key, then settled
 * like a card payment is (under the invoice lock, adding to the invoice's paid amount and
 * marking it paid when covered) or failed when the provider never took it.
 */
export async function reconcilePosPayments(app: FastifyInstance) {
  const card = app.payments.card;
  const results = { succeeded: 0, failed: 0, pending: 0 };
  if (!card) return results;
  const now = app.clock();
  const stuck = await app.db
    .select()
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.status, 'processing'),
        eq(invoicePayments.method, 'card'),
        lt(invoicePayments.createdAt, new Date(now.getTime() - RECONCILE_AFTER_MS)),
      ),
    )
    .orderBy(asc(invoicePayments.id))
    .limit(200);

  for (const row of stuck) {
    if (row.provider !== card.name || !row.idempotencyKey) {
      results.pending++;
      continue;
    }
    let outcome: ChargeResult;
    try {
      const found = await card.lookup({
        idempotencyKey: row.idempotencyKey,
        providerPaymentId: row.providerPaymentId,
        since: row.createdAt,
      });
      if (found.status === 'pending') {
        results.pending++;
        continue;
      }
      outcome =
        found.status === 'not_found'
          ? { status: 'failed', message: 'The payment did not go through. Please try again.' }
          : found;
    } catch (err) {
      app.log.warn({ err, paymentId: row.id }, 'POS payment reconciliation failed');
      results.pending++;
      continue;
    }

    await app.db.transaction(async (tx) => {
      // The invoice first, as every payment transaction locks it.
      if (row.invoiceId)
        await tx
          .select({ id: invoices.id })
          .from(invoices)
          .where(eq(invoices.id, row.invoiceId))
          .for('update');
      const [settled] = await tx
        .update(invoicePayments)
        .set(
          outcome.status === 'succeeded'
            ? {
                status: 'succeeded',
                providerPaymentId: outcome.providerPaymentId,
                cardBrand: outcome.cardBrand ?? null,
                cardLast4: outcome.last4 ?? null,
              }
            : {
                status: 'failed',
                failureMessage: outcome.message,
                cardBrand: outcome.cardBrand ?? null,
                cardLast4: outcome.last4 ?? null,
              },
        )
        .where(and(eq(invoicePayments.id, row.id), eq(invoicePayments.status, 'processing')))
        .returning();
      if (!settled) return;
      results[outcome.status]++;
      if (outcome.status !== 'succeeded' || !row.invoiceId) return;
      const [inv] = await tx
        .update(invoices)
        .set({ paidAmountCents: sql`${invoices.paidAmountCents} + ${row.amountCents}` })
        .where(eq(invoices.id, row.invoiceId))
        .returning();
      if (inv && inv.paidAmountCents >= inv.totalAmountCents && inv.status !== 'paid')
        await tx
          .update(invoices)
          .set({ status: 'paid', paidAt: now })
          .where(eq(invoices.id, row.invoiceId));
    });
  }
  return results;
}
