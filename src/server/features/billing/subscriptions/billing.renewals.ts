import type { FastifyInstance } from 'fastify';
import { BRAND } from '@shared/brand';
import { isUniqueViolation } from '../../../infra/db-errors';
import type { DbOrTx } from '../../../db/client';
import { composeMail } from '../../../infra/mailer';
import { RECONCILE_AFTER_MS, type ChargeResult } from '../../../infra/payments';
import { publicBaseUrl } from '../../../infra/public-url';
import { GRACE_DAYS } from '@shared/plans';
import { isWalletProvider } from '@shared/schemas/billing';
import { addMonth, providerMessage, receiptNumber, walletProviderName } from '../billing.common';
import { providerOutcome, settle } from './billing.purchases';
import {
  countRenewalAttempts,
  dueSubscriptions,
  endPastDueSubscription,
  insertPayment,
  lockDueSubscription,
  planById,
  stuckPayments,
  technicianContact,
  updateSubscription,
  type PlanRow,
  type SubscriptionRow,
} from '../billing.queries';

const DAY_MS = 86_400_000;
/** Days after the period end at which a failed renewal is retried. */
const RETRY_AFTER_DAYS = [1, 3] as const;

/** Queues an e-mail to the technician in the transaction of the change it tells of. */
async function mailTechnician(
  app: FastifyInstance,
  tx: DbOrTx,
  technicianId: number,
  mail: { template: string; key: string; subject: string; lines: string[] },
) {
  const t = await technicianContact(tx, technicianId);
  if (!t) return;
  await app.outbox.enqueue(tx, {
    to: t.email,
    template: mail.template,
    key: mail.key,
    subject: mail.subject,
    ...composeMail([`Hi ${t.first},`, ...mail.lines]),
  });
}

/**
 * Reconciliation (ADR 007): purchases still `processing` well after every provider call
 * would have timed out are asked about and settled, or failed when the provider never took
 * them. Returns what it did.
 */
export async function reconcile(app: FastifyInstance) {
  const cutoff = new Date(app.clock().getTime() - RECONCILE_AFTER_MS);
  const stuck = await stuckPayments(app.db, cutoff);
  const results = { succeeded: 0, failed: 0, pending: 0 };
  for (const row of stuck) {
    try {
      const outcome = await providerOutcome(app, row);
      if (!outcome) {
        results.pending++;
        continue;
      }
      const settled = await settle(app, row, outcome);
      if (settled.status === 'succeeded') results.succeeded++;
      else if (settled.status === 'failed') results.failed++;
    } catch (err) {
      results.pending++;
      app.log.warn({ err, paymentId: row.id }, 'payment reconciliation failed');
    }
  }
  return results;
}

/**
 * Dunning for a past-due subscription: `ended` once the grace period is over (the plan is
 * ended and the technician told), `wait` before the next retry day, else `attempt`, the number
 * of charges already recorded for the period (it names the retry's idempotency key).
 */
async function dunningStep(
  app: FastifyInstance,
  s: SubscriptionRow,
  t: Date,
  periodKey: string,
  attempt: number,
): Promise<number | 'ended' | 'wait'> {
  // Dunning: retries one and three days after the period ended, then the plan ends.
  const since = t.getTime() - s.currentPeriodEnd.getTime();
  if (since >= GRACE_DAYS * DAY_MS) {
    await app.db.transaction(async (tx) => {
      await endPastDueSubscription(tx, s.id, t);
      await mailTechnician(app, tx, s.technicianId, {
        template: 'subscription_ended',
        key: `subscription_ended:${periodKey}`,
        subject: 'Your plan has ended',
        lines: [
          `We could not collect the payment for your ${BRAND.name} plan, so it has ended. You can choose a plan again at any time: ${publicBaseUrl(app.config)}/platform-payment`,
        ],
      });
    });
    return 'ended';
  }
  const retryAt = RETRY_AFTER_DAYS[attempt - 1];
  if (retryAt === undefined || since < retryAt * DAY_MS) return 'wait';
  return attempt;
}

export const NO_SAVED_WALLET = 'No PayPal account saved for automatic renewal';

/**
 * Charges the saved wallet (PayPal vault) for the next period: an order paid with no payer
 * present (ADR 017). A wallet plan bought before vaulting has none and is not charged.
 */
async function chargeSavedWallet(
  app: FastifyInstance,
  s: SubscriptionRow,
  plan: PlanRow,
  key: string,
): Promise<ChargeResult> {
  const wallet = app.payments.wallet;
  if (!s.paymentMethodRef || !wallet || walletProviderName(wallet) !== s.provider)
    return { status: 'failed', message: NO_SAVED_WALLET };
  try {
    return await wallet.chargeVault({
      vaultId: s.paymentMethodRef,
      amountCents: plan.priceCents,
      currency: 'USD',
      idempotencyKey: key,
      description: `${BRAND.name} ${plan.name} plan renewal`,
      reference: `technician-${s.technicianId}`,
    });
  } catch (err) {
    return { status: 'failed', message: providerMessage(err) };
  }
}

/**
 * Charges the stored card, or the saved wallet, for the next period; a failure is an answer,
 * never a throw.
 */
async function chargeRenewal(
  app: FastifyInstance,
  s: SubscriptionRow,
  plan: PlanRow,
  key: string,
): Promise<ChargeResult> {
  if (isWalletProvider(s.provider)) return chargeSavedWallet(app, s, plan, key);
  const card = app.payments.card;
  if (!s.paymentMethodRef || !s.providerCustomerId || !card || card.name !== s.provider)
    return { status: 'failed', message: 'No card on file for automatic renewal' };
  try {
    return await card.chargeSavedCard({
      customerRef: s.providerCustomerId,
      cardRef: s.paymentMethodRef,
      amountCents: plan.priceCents,
      currency: 'USD',
      idempotencyKey: key,
      note: `${BRAND.name} ${plan.name} plan renewal`,
    });
  } catch (err) {
    return { status: 'failed', message: providerMessage(err) };
  }
}

/** Records the renewal charge and moves the period on (or makes the plan past due). */
async function recordRenewal(
  app: FastifyInstance,
  s: SubscriptionRow,
  plan: PlanRow,
  key: string,
  result: ChargeResult,
  firstAttempt: boolean,
) {
  await app.db.transaction(async (tx) => {
    await insertPayment(tx, {
      technicianId: s.technicianId,
      subscriptionId: s.id,
      planId: plan.id,
      amountCents: plan.priceCents,
      description: `${plan.name} plan - monthly subscription`,
      status: result.status === 'succeeded' ? 'succeeded' : 'failed',
      provider: s.provider,
      providerPaymentId: result.status === 'succeeded' ? result.providerPaymentId : null,
      idempotencyKey: key,
      failureMessage: result.status === 'failed' ? result.message : null,
      // A receipt for a charge that went through only: the numbers run without gaps.
      receiptNumber: result.status === 'succeeded' ? await receiptNumber(app, tx) : null,
    });
    await updateSubscription(
      tx,
      s.id,
      result.status === 'succeeded'
        ? {
            status: 'active' as const,
            planId: plan.id,
            pendingPlanId: null,
            currentPeriodStart: s.currentPeriodEnd,
            currentPeriodEnd: addMonth(s.currentPeriodEnd),
          }
        : { status: 'past_due' },
    );
    if (result.status === 'failed' && firstAttempt)
      await mailTechnician(app, tx, s.technicianId, {
        template: 'subscription_past_due',
        key: `subscription_past_due:${key}`,
        subject: 'Your plan payment failed',
        lines: [
          `We could not renew your ${plan.name} plan: ${result.message}.`,
          `Please update your payment method to keep your plan: ${publicBaseUrl(app.config)}/platform-payment`,
        ],
      });
  });
}

/**
 * The subscription as it is now, if it is still due, and the renewal charges already recorded
 * for its period, read together under its row lock. A renewal records its charge and moves the
 * subscription on in one transaction (which takes the same row lock), so two sweeps (or two
 * instances) see the same state and count, name the same idempotency key and charge once; a
 * sweep whose list of due subscriptions is stale skips what another one renewed meanwhile.
 */
function claimDue(app: FastifyInstance, id: number, t: Date) {
  return app.db.transaction(async (tx) => {
    const s = await lockDueSubscription(tx, id, t);
    if (!s) return null;
    const periodKey = `renew:${s.id}:${s.currentPeriodEnd.toISOString()}`;
    return { s, periodKey, tried: await countRenewalAttempts(tx, periodKey) };
  });
}

/**
 * Period ends: cancels what was set to cancel, applies a pending plan change, and renews
 * through the provider with the stored card or the saved PayPal account; a failed (or
 * impossible) renewal makes the subscription past due and e-mails the technician. Every charge
 * is recorded.
 */
export async function renewDue(app: FastifyInstance) {
  const t = app.clock();
  const due = await dueSubscriptions(app.db, t);
  const results = { canceled: 0, renewed: 0, failed: 0 };
  for (const { id } of due) {
    const claim = await claimDue(app, id, t);
    if (!claim) continue;
    const { s, periodKey, tried } = claim;
    let attempt = 0;
    if (s.status === 'past_due') {
      const step = await dunningStep(app, s, t, periodKey, tried);
      if (step === 'ended') results.canceled++;
      if (typeof step !== 'number') continue;
      attempt = step;
    }
    if (s.cancelAtPeriodEnd) {
      await app.db.transaction(async (tx) => {
        await updateSubscription(tx, s.id, { status: 'canceled', canceledAt: t });
        await mailTechnician(app, tx, s.technicianId, {
          template: 'subscription_canceled',
          key: `subscription_canceled:${periodKey}`,
          subject: 'Your plan has ended',
          lines: [
            `Your ${BRAND.name} plan ended on ${s.currentPeriodEnd.toISOString().slice(0, 10)} as you asked. You can choose a plan again at any time.`,
          ],
        });
      });
      results.canceled++;
      continue;
    }
    const plan = (await planById(app.db, s.pendingPlanId ?? s.planId))!;
    const key = attempt === 0 ? periodKey : `${periodKey}:${attempt}`;
    const result = await chargeRenewal(app, s, plan, key);
    try {
      await recordRenewal(app, s, plan, key, result, attempt === 0);
    } catch (err) {
      // Another instance charged this attempt first.
      if (isUniqueViolation(err)) continue;
      throw err;
    }
    if (result.status === 'succeeded') results.renewed++;
    else results.failed++;
  }
  return results;
}
