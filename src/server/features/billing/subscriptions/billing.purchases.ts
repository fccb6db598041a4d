import { receiptNumber } from '../billing.common';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../../db/client';
import { AppError } from '../../../infra/app-error';
import { isUniqueViolation } from '../../../infra/db-errors';
import { assertSameRequest, awaitClaimedPayment, type ChargeResult } from '../../../infra/payments';
import {
  addMonth,
  ALREADY_SUBSCRIBED,
  PURCHASE_IN_PROGRESS,
  vaultRefs,
  walletProviderName,
} from '../billing.common';
import {
  insertPaymentOnce,
  insertSubscription,
  liveSubscription,
  lockTechnician,
  paymentById,
  paymentByKey,
  paymentIdByKey,
  planById,
  purchaseInFlight,
  settleProcessingPayment,
  updatePayment,
  updateSubscription,
  type PaymentInsert,
  type PaymentRow,
  type PlanRow,
  type SubscriptionRow,
} from '../billing.queries';

/** A wallet order its payer has not completed after this long is given up (ADR 007). */
const WALLET_ORDER_TTL_MS = 3 * 60 * 60_000;
const NOT_TAKEN = 'The payment did not go through. Please try again.';

/** The outcome a purchase is settled with, by the request or by reconciliation. */
export type Outcome =
  { status: 'succeeded'; providerPaymentId?: string } | { status: 'failed'; message: string };

/**
 * Starts (or restarts) the technician's subscription on `plan` for one month from now, in the
 * same transaction as the payment that paid for it.
 */
async function activate(
  app: FastifyInstance,
  tx: DbOrTx,
  technicianId: number,
  plan: PlanRow,
  provider: string,
  refs: { customerRef: string | null; cardRef: string | null },
): Promise<SubscriptionRow> {
  const start = app.clock();
  const values = {
    planId: plan.id,
    status: 'active' as const,
    provider,
    providerCustomerId: refs.customerRef,
    paymentMethodRef: refs.cardRef,
    currentPeriodStart: start,
    currentPeriodEnd: addMonth(start),
    cancelAtPeriodEnd: false,
    pendingPlanId: null,
    canceledAt: null,
  };
  const live = await liveSubscription(tx, technicianId);
  if (live) return updateSubscription(tx, live.s.id, values);
  return insertSubscription(tx, { technicianId, ...values });
}

/**
 * Claims an idempotency key for a plan purchase or upgrade with a processing payment row
 * (with the fingerprint of the request it is bound to), under the technician's row lock; null
 * when the key was claimed before (its outcome is the answer, see claimedAnswer). Whatever the
 * key, a second purchase is refused while one is in flight, and `check` (run under the lock)
 * refuses what the current plan makes pointless.
 */
export async function claimPurchase(
  app: FastifyInstance,
  values: PaymentInsert & { idempotencyKey: string; requestFingerprint: string },
  check: (tx: DbOrTx) => Promise<void>,
): Promise<PaymentRow | null> {
  try {
    return await app.db.transaction(async (tx) => {
      await lockTechnician(tx, values.technicianId);
      if (await paymentIdByKey(tx, values.idempotencyKey)) return null;
      if (await purchaseInFlight(tx, values.technicianId))
        throw new AppError(409, PURCHASE_IN_PROGRESS);
      await check(tx);
      return insertPaymentOnce(tx, values);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'payments_purchase_in_flight_uq'))
      throw new AppError(409, PURCHASE_IN_PROGRESS);
    throw err;
  }
}

/** Refuses a new purchase while a paid plan is active: plans change through changePlan. */
export async function refuseWhenActive(db: DbOrTx, technicianId: number) {
  const live = await liveSubscription(db, technicianId);
  if (live?.s.status === 'active') throw new AppError(409, ALREADY_SUBSCRIBED);
}

/**
 * Records a purchase's outcome once, whoever comes first: the request that charged, or the
 * reconciliation sweep. A purchase starts (or restarts) the plan; an upgrade switches the
 * live plan at once, keeping its period.
 */
export function settle(
  app: FastifyInstance,
  row: PaymentRow,
  outcome: Outcome,
): Promise<PaymentRow> {
  return app.db.transaction((tx) => settleIn(app, tx, row, outcome));
}

/** `settle` in the caller's transaction (a provider's webhook event applied by its worker). */
export async function settleIn(
  app: FastifyInstance,
  tx: DbOrTx,
  row: PaymentRow,
  outcome: Outcome,
): Promise<PaymentRow> {
  const p = await settleProcessingPayment(
    tx,
    row.id,
    outcome.status === 'succeeded'
      ? {
          status: 'succeeded',
          ...(outcome.providerPaymentId ? { providerPaymentId: outcome.providerPaymentId } : {}),
        }
      : { status: 'failed', failureMessage: outcome.message },
  );
  if (!p) return (await paymentById(tx, row.id))!;
  if (p.status !== 'succeeded') return p;
  // Numbered once it went through, in the transaction that says so: no gaps for failures.
  const receipt = p.receiptNumber ?? (await receiptNumber(app, tx));
  const plan = await planById(tx, p.planId!);
  let subscriptionId: number;
  const live = await liveSubscription(tx, p.technicianId);
  if (p.idempotencyKey?.startsWith('upgrade:') && live) {
    await updateSubscription(tx, live.s.id, { planId: plan!.id, pendingPlanId: null });
    subscriptionId = live.s.id;
  } else {
    const sub = await activate(app, tx, p.technicianId, plan!, p.provider, {
      customerRef: p.providerCustomerId,
      cardRef: p.paymentMethodRef,
    });
    subscriptionId = sub.id;
  }
  return updatePayment(tx, p.id, { subscriptionId, receiptNumber: receipt });
}

export const outcomeOfCharge = (result: ChargeResult): Outcome =>
  result.status === 'succeeded'
    ? { status: 'succeeded', providerPaymentId: result.providerPaymentId }
    : { status: 'failed', message: result.message };

/** What the provider says of a stuck purchase; null when it cannot tell yet. */
export async function providerOutcome(
  app: FastifyInstance,
  row: PaymentRow,
): Promise<Outcome | null> {
  if (row.idempotencyKey?.startsWith('order:')) {
    const wallet = app.payments.wallet;
    if (!wallet || walletProviderName(wallet) !== row.provider || !row.providerPaymentId)
      return null;
    const order = await wallet.lookup(row.providerPaymentId);
    if (order.status === 'COMPLETED') {
      // The wallet the order saved renews the plan, as when the request captured it.
      if (order.vaultId) await updatePayment(app.db, row.id, vaultRefs(order));
      return { status: 'succeeded' };
    }
    if (order.status === 'NOT_FOUND' || order.status === 'VOIDED')
      return { status: 'failed', message: 'The wallet payment was not completed' };
    return app.clock().getTime() - row.createdAt.getTime() > WALLET_ORDER_TTL_MS
      ? { status: 'failed', message: 'The wallet payment was not completed in time' }
      : null;
  }
  const card = app.payments.card;
  if (!card || card.name !== row.provider || !row.idempotencyKey) return null;
  const found = await card.lookup({
    idempotencyKey: row.idempotencyKey,
    providerPaymentId: row.providerPaymentId,
    since: row.createdAt,
  });
  if (found.status === 'pending') return null;
  if (found.status === 'not_found') return { status: 'failed', message: NOT_TAKEN };
  return outcomeOfCharge(found);
}

/** The answer to a purchase from its final payment row. */
export const purchaseAnswer = (row: PaymentRow, message: string) =>
  row.status === 'succeeded'
    ? { ok: true as const, message, payment: row }
    : { ok: false as const, message: row.failureMessage ?? 'The card was declined' };

/**
 * The answer to a repeated purchase: the outcome of the request that claimed `key` first, when
 * it was this request (`fingerprint`); 409 when the key was used for another one, at once and
 * before anything is charged (two different requests sent at once with one key included: the
 * unique key lets one claim it, the other is refused here).
 */
export async function claimedAnswer(
  app: FastifyInstance,
  key: string,
  fingerprint: string,
  message: string,
) {
  const row = await awaitClaimedPayment(
    async () => {
      const r = await paymentByKey(app.db, key);
      return r && assertSameRequest(r, fingerprint);
    },
    { onWait: () => app.metrics?.paymentRetryWaited() },
  );
  return purchaseAnswer(row, message);
}
