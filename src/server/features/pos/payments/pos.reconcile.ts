import { cardForPayment } from '../../../domain/payment-accounts';
import type { FastifyInstance } from 'fastify';
import { RECONCILE_AFTER_MS, type ChargeResult } from '../../../infra/payments';
import { STUCK_PAGE, stuckCardPayments, type CardOutcome } from '../pos.queries';
import { settleCard } from './pos.card';

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
  const before = new Date(now.getTime() - RECONCILE_AFTER_MS);
  // Every stuck payment in one run, page after page: after a provider outage there are hundreds,
  // and one page every sweep interval left them processing for minutes (bench/faults.ts). A few
  // lookups at a time: each waits on the provider.
  for (let afterId = 0; ;) {
    const stuck = await stuckCardPayments(app.db, before, afterId);
    let next = 0;
    const lanes = Array.from({ length: Math.min(LOOKUPS_AT_ONCE, stuck.length) }, async () => {
      while (next < stuck.length) {
        const outcome = await reconcileOne(app, stuck[next++]!);
        if (outcome) results[outcome]++;
      }
    });
    await Promise.all(lanes);
    if (stuck.length < STUCK_PAGE) return results;
    afterId = stuck[stuck.length - 1]!.id;
  }
}

/** Provider lookups one reconciliation run makes at once. */
const LOOKUPS_AT_ONCE = 8;

type StuckPayment = Awaited<ReturnType<typeof stuckCardPayments>>[number];

/**
 * Asks the provider about one stuck payment and settles it: what it came to, or null when it was
 * settled meanwhile by its own answer.
 */
async function reconcileOne(
  app: FastifyInstance,
  row: StuckPayment,
): Promise<'succeeded' | 'failed' | 'pending' | null> {
  // Asked on the account that took it (ADR 030).
  const account = row.idempotencyKey ? await cardForPayment(app, row) : null;
  if (!account || !row.idempotencyKey) return 'pending';
  let outcome: ChargeResult;
  try {
    const found = await account.lookup({
      idempotencyKey: row.idempotencyKey,
      providerPaymentId: row.providerPaymentId,
      since: row.createdAt,
    });
    if (found.status === 'pending') return 'pending';
    outcome =
      found.status === 'not_found'
        ? { status: 'failed', message: 'The payment did not go through. Please try again.' }
        : found;
  } catch (err) {
    app.log.warn({ err, paymentId: row.id }, 'POS payment reconciliation failed');
    return 'pending';
  }
  const settled = await app.db.transaction((tx) => settleCard(app, tx, row, cardOutcome(outcome)));
  return settled ? outcome.status : null;
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
