import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { BRAND } from '@shared/brand';
import { formatCents, toCents } from '@shared/money';
import { isWalletProvider, type createSubscriptionSchema } from '@shared/schemas/billing';
import type { DbOrTx } from '../../../db/client';
import { AppError } from '../../../infra/app-error';
import { requestFingerprint, type ChargeResult } from '../../../infra/payments';
import type { SessionUser } from '../../../infra/session';
import {
  NOT_CONFIGURED,
  ownTechnician,
  PURCHASE_IN_PROGRESS,
  planByName,
  providerMessage,
} from '../billing.common';
import { subscriptionOut } from '../billing.presenters';
import {
  claimedAnswer,
  claimPurchase,
  outcomeOfCharge,
  purchaseAnswer,
  refuseWhenActive,
  settle,
} from './billing.purchases';
import {
  liveSubscription,
  paymentByKey,
  planById,
  technicianContact,
  updatePayment,
  updateSubscription,
  type LiveSubscription,
  type PlanRow,
  type SubscriptionRow,
} from '../billing.queries';

async function presentSubscription(app: FastifyInstance, s: SubscriptionRow, p: PlanRow) {
  const pending = s.pendingPlanId ? await planById(app.db, s.pendingPlanId) : undefined;
  return subscriptionOut(s, p, pending?.name ?? null);
}

export async function currentSubscription(app: FastifyInstance, user: SessionUser | null) {
  const technicianId = ownTechnician(user);
  const live = await liveSubscription(app.db, technicianId);
  return { subscription: live ? await presentSubscription(app, live.s, live.p) : null };
}

/** A card subscription: the card is kept on file for renewals and charged now. */
export async function subscribeWithCard(
  app: FastifyInstance,
  user: SessionUser | null,
  input: z.output<typeof createSubscriptionSchema>,
) {
  const technicianId = ownTechnician(user);
  const key = `sub:${technicianId}:${input.idempotencyKey}`;
  // The key is bound to the plan, its price and the card; the cardholder's name only labels
  // the card on file, and a retry may spell it again.
  const fingerprint = requestFingerprint('plan-card', {
    planName: input.planName,
    planPriceCents: toCents(input.planPrice),
    sourceId: input.sourceId,
  });
  const answered = () => claimedAnswer(app, key, fingerprint, 'Subscription activated');
  // A retry of a purchase already made gets its first answer before any rule is judged (the
  // plan it bought is active by now, which would refuse a new purchase).
  if (await paymentByKey(app.db, key)) return answered();
  const card = app.payments.card;
  if (!card) throw new AppError(503, NOT_CONFIGURED);
  const plan = await planByName(app.db, input.planName);
  if (toCents(input.planPrice) !== plan.priceCents)
    throw new AppError(
      400,
      `The price of the ${plan.name} plan is ${formatCents(plan.priceCents)} per month`,
    );
  const claimed = await claimPurchase(
    app,
    {
      technicianId,
      planId: plan.id,
      amountCents: plan.priceCents,
      description: `${plan.name} plan - monthly subscription`,
      status: 'processing',
      provider: card.name,
      idempotencyKey: key,
      requestFingerprint: fingerprint,
    },
    (tx) => refuseWhenActive(tx, technicianId),
  );
  if (!claimed) return answered();

  let result: ChargeResult;
  try {
    const u = await technicianContact(app.db, technicianId);
    const refs = await card.saveCard({
      sourceId: input.sourceId,
      idempotencyKey: `${key}:card`,
      email: u!.email,
      cardholderName: input.cardholderName,
      referenceId: `technician-${technicianId}`,
    });
    // Kept with the payment, so a purchase settled by reconciliation keeps its card on file.
    await updatePayment(app.db, claimed.id, {
      providerCustomerId: refs.customerRef,
      paymentMethodRef: refs.cardRef,
    });
    result = await card.chargeSavedCard({
      customerRef: refs.customerRef,
      cardRef: refs.cardRef,
      amountCents: plan.priceCents,
      currency: 'USD',
      idempotencyKey: key,
      note: `${BRAND.name} ${plan.name} plan`,
    });
  } catch (err) {
    app.log.warn({ err }, 'subscription card payment failed');
    result = { status: 'failed', message: providerMessage(err) };
  }

  const payment = await settle(app, claimed, outcomeOfCharge(result));
  return purchaseAnswer(payment, 'Subscription activated');
}

export async function changePlan(app: FastifyInstance, user: SessionUser | null, name: string) {
  const technicianId = ownTechnician(user);
  const plan = await planByName(app.db, name);
  const live = await liveSubscription(app.db, technicianId);
  if (!live) throw new AppError(409, 'You have no active plan to change');
  const s = await updateSubscription(app.db, live.s.id, {
    pendingPlanId: plan.id === live.s.planId ? null : plan.id,
    cancelAtPeriodEnd: false,
  });
  return { subscription: await presentSubscription(app, s, live.p) };
}

export async function cancelSubscription(
  app: FastifyInstance,
  user: SessionUser | null,
  resume = false,
) {
  const technicianId = ownTechnician(user);
  const live = await liveSubscription(app.db, technicianId);
  if (!live) throw new AppError(409, 'You have no active plan');
  const s = await updateSubscription(app.db, live.s.id, { cancelAtPeriodEnd: !resume });
  return { subscription: await presentSubscription(app, s, live.p) };
}

/** Proration of an upgrade: the price difference for the rest of the period, in cents. */
function prorate(app: FastifyInstance, live: LiveSubscription, plan: PlanRow) {
  const start = live.s.currentPeriodStart.getTime();
  const end = live.s.currentPeriodEnd.getTime();
  const left = Math.min(1, Math.max(0, (end - app.clock().getTime()) / Math.max(1, end - start)));
  return Math.max(0, Math.round((plan.priceCents - live.p.priceCents) * left));
}

/** The live plan an upgrade applies to, refusing what is not an upgrade of an active plan. */
async function upgradeOf(db: DbOrTx, technicianId: number, plan: PlanRow) {
  const live = await liveSubscription(db, technicianId);
  if (!live || live.s.status !== 'active')
    throw new AppError(409, 'You have no active plan to change');
  if (plan.rank <= live.p.rank)
    throw new AppError(
      409,
      `${plan.name} is not an upgrade of your ${live.p.name} plan: it applies at the next billing cycle`,
    );
  return live;
}

/** What upgrading to `planName` at once costs now: the prorated difference for the period. */
export async function quoteUpgrade(
  app: FastifyInstance,
  user: SessionUser | null,
  planName: string,
) {
  const technicianId = ownTechnician(user);
  const plan = await planByName(app.db, planName);
  const live = await upgradeOf(app.db, technicianId, plan);
  return {
    planName: plan.name,
    currentPlan: live.p.name,
    amount: prorate(app, live, plan) / 100,
    currentPeriodEnd: live.s.currentPeriodEnd.toISOString(),
    // Upgrades at once charge a card on file; wallet plans change at the next cycle (ADR 007).
    canUpgradeNow: live.s.paymentMethodRef !== null && !isWalletProvider(live.s.provider),
  };
}

/**
 * An upgrade that takes effect at once, after the technician confirmed the prorated amount
 * (`amount`, as quoted): the card on file is charged once per idempotency key.
 */
export async function upgradeNow(
  app: FastifyInstance,
  user: SessionUser | null,
  input: { planName: string; amount: number; idempotencyKey: string },
) {
  const technicianId = ownTechnician(user);
  const key = `upgrade:${technicianId}:${input.idempotencyKey}`;
  const fingerprint = requestFingerprint('plan-upgrade', {
    planName: input.planName,
    amountCents: toCents(input.amount),
  });
  const answered = () => claimedAnswer(app, key, fingerprint, 'Plan upgraded');
  // A retry gets the first answer before any rule is judged (the plan is upgraded by now).
  if (await paymentByKey(app.db, key)) return answered();
  const card = app.payments.card;
  if (!card) throw new AppError(503, NOT_CONFIGURED);
  const judge = async () => {
    const plan = await planByName(app.db, input.planName);
    const live = await upgradeOf(app.db, technicianId, plan);
    if (!live.s.paymentMethodRef || !live.s.providerCustomerId || live.s.provider !== card.name)
      throw new AppError(
        409,
        'An upgrade at once needs a card on file. Change your plan for the next billing cycle instead.',
      );
    const amountCents = prorate(app, live, plan);
    if (Math.abs(amountCents - toCents(input.amount)) > 1)
      throw new AppError(
        409,
        `The amount due now is ${formatCents(amountCents)}. Please confirm the new amount.`,
      );
    const customerRef = live.s.providerCustomerId;
    const cardRef = live.s.paymentMethodRef;
    return { plan, live, amountCents, customerRef, cardRef };
  };
  let judged: Awaited<ReturnType<typeof judge>>;
  try {
    judged = await judge();
  } catch (err) {
    // A twin with this key got in between the lookup and the rules (and may already have
    // upgraded the plan the rules now refuse): its answer is this request's answer too.
    if (err instanceof AppError && (await paymentByKey(app.db, key))) return answered();
    throw err;
  }
  const { plan, live, amountCents, customerRef, cardRef } = judged;
  if (amountCents === 0) {
    await updateSubscription(app.db, live.s.id, { planId: plan.id, pendingPlanId: null });
    return { ok: true as const, message: 'Plan upgraded', payment: null };
  }
  const claimed = await claimPurchase(
    app,
    {
      technicianId,
      subscriptionId: live.s.id,
      planId: plan.id,
      amountCents,
      description: `${plan.name} plan - prorated upgrade from ${live.p.name}`,
      status: 'processing',
      provider: card.name,
      idempotencyKey: key,
      requestFingerprint: fingerprint,
      providerCustomerId: customerRef,
      paymentMethodRef: cardRef,
    },
    // Under the lock: the plan is still the one quoted (a parallel upgrade did not win).
    async (tx) => {
      const again = await upgradeOf(tx, technicianId, plan);
      if (again.s.planId !== live.s.planId) throw new AppError(409, PURCHASE_IN_PROGRESS);
    },
  );
  if (!claimed) return answered();
  let result: ChargeResult;
  try {
    result = await card.chargeSavedCard({
      customerRef,
      cardRef,
      amountCents,
      currency: 'USD',
      idempotencyKey: key,
      note: `${BRAND.name} upgrade to ${plan.name}`,
    });
  } catch (err) {
    app.log.warn({ err }, 'upgrade card payment failed');
    result = { status: 'failed', message: providerMessage(err) };
  }
  return purchaseAnswer(await settle(app, claimed, outcomeOfCharge(result)), 'Plan upgraded');
}
