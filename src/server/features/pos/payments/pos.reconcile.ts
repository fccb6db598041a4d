import { cardForPayment } from '../../../domain/payment-accounts';
import type { FastifyInstance } from 'fastify';
import { RECONCILE_AFTER_MS, type ChargeResult } from '../../../infra/payments';
import { settleCardPayment, stuckCardPayments, type CardOutcome } from '../pos.queries';

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
  const stuck = await stuckCardPayments(app.db, new Date(now.getTime() - RECONCILE_AFTER_MS));

  for (const row of stuck) {
    // Asked on the account that took it (ADR 030).
    const account = row.idempotencyKey ? await cardForPayment(app, row) : null;
    if (!account || !row.idempotencyKey) {
      results.pending++;
      continue;
    }
    let outcome: ChargeResult;
    try {
      const found = await account.lookup({
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

    const settled = await app.db.transaction((tx) =>
      settleCardPayment(tx, row, cardOutcome(outcome), now),
    );
    if (settled) results[outcome.status]++;
  }
  return results;
}

/** A failure found by the lookup leaves the stored provider payment id as it is. */
function cardOutcome(found: ChargeResult): CardOutcome {
  const card = { cardBrand: found.cardBrand ?? null, cardLast4: found.last4 ?? null };
  return found.status === 'succeeded'
    ? {
        status: 'succeeded',
        failureMessage: null,
        providerPaymentId: found.providerPaymentId,
        ...card,
      }
    : { status: 'failed', failureMessage: found.message, ...card };
}
