import { createHmac } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, like, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { BRAND } from '../../../shared/brand';
import { PLAN_RANK, type PlanTier } from '../../../shared/constants/domain';
import { centsToDecimal, toCents } from '../../../shared/money';
import type {
  createSubscriptionSchema,
  PaymentRecord,
  Software,
  Subscription,
  walletOrderSchema,
} from '../../../shared/schemas/billing';
import type { DbOrTx } from '../../db/client';
import { payments, plans, software, subscriptions, technicians, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { nextNumber } from '../../lib/document-numbers';
import { composeMail } from '../../lib/mailer';
import { ProviderError, RECONCILE_AFTER_MS, type ChargeResult } from '../../lib/payments';
import { publicBaseUrl } from '../../lib/public-url';
import type { SessionUser } from '../../plugins/access';

const HISTORY_PAGE_SIZE = 20;
const LIVE = ['active', 'past_due'] as const;
const DAY_MS = 86_400_000;
/** Days after the period end at which a failed renewal is retried. */
const RETRY_AFTER_DAYS = [1, 3] as const;
/** A plan still unpaid this many days after its period ended is ended. */
const PAST_DUE_GRACE_DAYS = 7;
/** A wallet order its payer has not completed after this long is given up (ADR 007). */
const WALLET_ORDER_TTL_MS = 3 * 60 * 60_000;

export const ALREADY_SUBSCRIBED =
  'You already have an active subscription. To switch plans, use Change plan.';
export const PURCHASE_IN_PROGRESS = 'A payment for this plan is already in progress';
const NOT_TAKEN = 'The payment did not go through. Please try again.';

/** The outcome a purchase is settled with, by the request or by reconciliation. */
type Outcome =
  { status: 'succeeded'; providerPaymentId?: string } | { status: 'failed'; message: string };

/** A plan purchase or upgrade: at most one is in flight per technician (0005 index). */
const purchaseKey = or(
  like(payments.idempotencyKey, 'sub:%'),
  like(payments.idempotencyKey, 'upgrade:%'),
);

type PlanRow = typeof plans.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/** One month later, same day and time (clamped to the month's last day). */
export function addMonth(d: Date): Date {
  const next = new Date(d);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, last));
  return next;
}

const ownTechnician = (user: SessionUser | null) => {
  if (user?.technicianId == null) throw new AppError(403, 'Only technicians have a plan');
  return user.technicianId;
};

export function createBillingService(app: FastifyInstance) {
  const now = () => app.clock();
  /** R-2026-000123, from the receipt sequence shared with the point of sale. */
  const receiptNumber = (db: DbOrTx = app.db) => nextNumber(db, 'receipt', now());

  async function planByName(db: DbOrTx, name: string): Promise<PlanRow> {
    const [p] = await db
      .select()
      .from(plans)
      .where(and(sql`lower(${plans.name}) = lower(${name})`, eq(plans.isActive, true)));
    if (!p) throw new AppError(400, `Unknown plan: ${name}`);
    return p;
  }

  async function liveSubscription(db: DbOrTx, technicianId: number) {
    const [row] = await db
      .select({ s: subscriptions, p: plans })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(and(eq(subscriptions.technicianId, technicianId), inArray(subscriptions.status, LIVE)))
      .limit(1);
    return row;
  }

  async function subscriptionOut(s: SubscriptionRow, p: PlanRow): Promise<Subscription> {
    const [pending] = s.pendingPlanId
      ? await app.db.select().from(plans).where(eq(plans.id, s.pendingPlanId))
      : [];
    return {
      id: s.id,
      plan: { name: p.name, price: p.priceCents / 100, rank: p.rank },
      status: s.status,
      provider: s.provider,
      currentPeriodStart: s.currentPeriodStart.toISOString(),
      currentPeriodEnd: s.currentPeriodEnd.toISOString(),
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      pendingPlan: pending?.name ?? null,
      canAutoRenew: s.paymentMethodRef !== null,
    };
  }

  /**
   * Starts (or restarts) the technician's subscription on `plan` for one month from now, in the
   * same transaction as the payment that paid for it.
   */
  async function activate(
    tx: DbOrTx,
    technicianId: number,
    plan: PlanRow,
    provider: string,
    refs: { customerRef: string | null; cardRef: string | null },
  ): Promise<SubscriptionRow> {
    const start = now();
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
    if (live) {
      const [s] = await tx
        .update(subscriptions)
        .set(values)
        .where(eq(subscriptions.id, live.s.id))
        .returning();
      return s!;
    }
    const [s] = await tx
      .insert(subscriptions)
      .values({ technicianId, ...values })
      .returning();
    return s!;
  }

  /**
   * Claims an idempotency key for a plan purchase or upgrade with a processing payment row,
   * under the technician's row lock; null when the key was claimed before (its outcome is the
   * answer). Whatever the key, a second purchase is refused while one is in flight, and `check`
   * (run under the lock) refuses what the current plan makes pointless.
   */
  async function claimPurchase(
    values: typeof payments.$inferInsert & { idempotencyKey: string },
    check: (tx: DbOrTx) => Promise<void>,
  ): Promise<PaymentRow | null> {
    try {
      return await app.db.transaction(async (tx) => {
        await tx
          .select({ id: technicians.id })
          .from(technicians)
          .where(eq(technicians.id, values.technicianId))
          .for('update');
        const [seen] = await tx
          .select({ id: payments.id })
          .from(payments)
          .where(eq(payments.idempotencyKey, values.idempotencyKey));
        if (seen) return null;
        const [inFlight] = await tx
          .select({ id: payments.id })
          .from(payments)
          .where(
            and(
              eq(payments.technicianId, values.technicianId),
              eq(payments.status, 'processing'),
              purchaseKey,
            ),
          )
          .limit(1);
        if (inFlight) throw new AppError(409, PURCHASE_IN_PROGRESS);
        await check(tx);
        const [row] = await tx
          .insert(payments)
          .values(values)
          .onConflictDoNothing({ target: payments.idempotencyKey })
          .returning();
        return row ?? null;
      });
    } catch (err) {
      if (isUniqueViolation(err, 'payments_purchase_in_flight_uq'))
        throw new AppError(409, PURCHASE_IN_PROGRESS);
      throw err;
    }
  }

  /** Refuses a new purchase while a paid plan is active: plans change through changePlan. */
  async function refuseWhenActive(db: DbOrTx, technicianId: number) {
    const live = await liveSubscription(db, technicianId);
    if (live?.s.status === 'active') throw new AppError(409, ALREADY_SUBSCRIBED);
  }

  /**
   * Records a purchase's outcome once, whoever comes first: the request that charged, or the
   * reconciliation sweep. A purchase starts (or restarts) the plan; an upgrade switches the
   * live plan at once, keeping its period.
   */
  async function settle(row: PaymentRow, outcome: Outcome): Promise<PaymentRow> {
    return app.db.transaction(async (tx) => {
      const [p] = await tx
        .update(payments)
        .set(
          outcome.status === 'succeeded'
            ? {
                status: 'succeeded',
                ...(outcome.providerPaymentId
                  ? { providerPaymentId: outcome.providerPaymentId }
                  : {}),
              }
            : { status: 'failed', failureMessage: outcome.message },
        )
        .where(and(eq(payments.id, row.id), eq(payments.status, 'processing')))
        .returning();
      if (!p) {
        const [current] = await tx.select().from(payments).where(eq(payments.id, row.id));
        return current!;
      }
      if (p.status !== 'succeeded') return p;
      const [plan] = await tx.select().from(plans).where(eq(plans.id, p.planId!));
      let subscriptionId: number;
      const live = await liveSubscription(tx, p.technicianId);
      if (p.idempotencyKey?.startsWith('upgrade:') && live) {
        await tx
          .update(subscriptions)
          .set({ planId: plan!.id, pendingPlanId: null })
          .where(eq(subscriptions.id, live.s.id));
        subscriptionId = live.s.id;
      } else {
        const sub = await activate(tx, p.technicianId, plan!, p.provider, {
          customerRef: p.providerCustomerId,
          cardRef: p.paymentMethodRef,
        });
        subscriptionId = sub.id;
      }
      const [done] = await tx
        .update(payments)
        .set({ subscriptionId })
        .where(eq(payments.id, p.id))
        .returning();
      return done!;
    });
  }

  const outcomeOfCharge = (result: ChargeResult): Outcome =>
    result.status === 'succeeded'
      ? { status: 'succeeded', providerPaymentId: result.providerPaymentId }
      : { status: 'failed', message: result.message };

  /** What the provider says of a stuck purchase; null when it cannot tell yet. */
  async function providerOutcome(row: PaymentRow): Promise<Outcome | null> {
    if (row.idempotencyKey?.startsWith('order:')) {
      const wallet = app.payments.wallet;
      const name = wallet?.name === 'sandbox' ? 'sandbox-wallet' : wallet?.name;
      if (!wallet || name !== row.provider || !row.providerPaymentId) return null;
      const order = await wallet.lookup(row.providerPaymentId);
      if (order.status === 'COMPLETED') return { status: 'succeeded' };
      if (order.status === 'NOT_FOUND' || order.status === 'VOIDED')
        return { status: 'failed', message: 'The wallet payment was not completed' };
      return now().getTime() - row.createdAt.getTime() > WALLET_ORDER_TTL_MS
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

  /** Proration of an upgrade: the price difference for the rest of the period, in cents. */
  function prorate(live: { s: SubscriptionRow; p: PlanRow }, plan: PlanRow) {
    const start = live.s.currentPeriodStart.getTime();
    const end = live.s.currentPeriodEnd.getTime();
    const left = Math.min(1, Math.max(0, (end - now().getTime()) / Math.max(1, end - start)));
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

  /** The answer to a purchase from its final payment row. */
  const purchaseAnswer = (row: PaymentRow, message: string) =>
    row.status === 'succeeded'
      ? { ok: true as const, message, payment: row }
      : { ok: false as const, message: row.failureMessage ?? 'The card was declined' };

  async function outcomeOf(key: string): Promise<PaymentRow> {
    for (let waited = 0; ; waited += 50) {
      const [row] = await app.db.select().from(payments).where(eq(payments.idempotencyKey, key));
      if (!row) throw new AppError(409, 'This payment could not be found. Please try again.');
      if (row.status !== 'processing') return row;
      if (waited > 30_000) throw new AppError(409, 'This payment is still processing');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async function mailTechnician(
    technicianId: number,
    template: string,
    subject: string,
    lines: string[],
  ) {
    const [t] = await app.db
      .select({ email: users.email, first: users.firstName })
      .from(technicians)
      .innerJoin(users, eq(users.id, technicians.userId))
      .where(eq(technicians.id, technicianId));
    if (!t) return;
    await app.mailer
      .send({ to: t.email, template, subject, ...composeMail([`Hi ${t.first},`, ...lines]) })
      .catch((err) => app.log.error({ err }, 'billing mail failed'));
  }

  const providerMessage = (err: unknown) =>
    err instanceof ProviderError ? err.message : 'The payment provider could not be reached';

  return {
    async current(user: SessionUser | null) {
      const technicianId = ownTechnician(user);
      const live = await liveSubscription(app.db, technicianId);
      return { subscription: live ? await subscriptionOut(live.s, live.p) : null };
    },

    /** A card subscription: the card is kept on file for renewals and charged now. */
    async subscribeWithCard(
      user: SessionUser | null,
      input: z.output<typeof createSubscriptionSchema>,
    ) {
      const technicianId = ownTechnician(user);
      const card = app.payments.card;
      if (!card) throw new AppError(503, 'Payment processing is not configured.');
      const plan = await planByName(app.db, input.planName);
      if (toCents(input.planPrice) !== plan.priceCents)
        throw new AppError(
          400,
          `The price of the ${plan.name} plan is $${centsToDecimal(plan.priceCents)} per month`,
        );
      const key = `sub:${technicianId}:${input.idempotencyKey}`;
      const claimed = await claimPurchase(
        {
          technicianId,
          planId: plan.id,
          amountCents: plan.priceCents,
          description: `${plan.name} plan - monthly subscription`,
          status: 'processing',
          provider: card.name,
          idempotencyKey: key,
          receiptNumber: await receiptNumber(),
        },
        (tx) => refuseWhenActive(tx, technicianId),
      );
      if (!claimed) return purchaseAnswer(await outcomeOf(key), 'Subscription activated');

      let result: ChargeResult;
      let refs: { customerRef: string; cardRef: string } | null = null;
      try {
        const [u] = await app.db
          .select({ email: users.email })
          .from(technicians)
          .innerJoin(users, eq(users.id, technicians.userId))
          .where(eq(technicians.id, technicianId));
        refs = await card.saveCard({
          sourceId: input.sourceId,
          idempotencyKey: `${key}:card`,
          email: u!.email,
          cardholderName: input.cardholderName,
          referenceId: `technician-${technicianId}`,
        });
        // Kept with the payment, so a purchase settled by reconciliation keeps its card on file.
        await app.db
          .update(payments)
          .set({ providerCustomerId: refs.customerRef, paymentMethodRef: refs.cardRef })
          .where(eq(payments.id, claimed.id));
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

      const payment = await settle(claimed, outcomeOfCharge(result));
      return purchaseAnswer(payment, 'Subscription activated');
    },

    async walletSetup() {
      const wallet = app.payments.wallet;
      if (!wallet) throw new AppError(503, 'Payment processing is not configured.');
      try {
        return await wallet.setup();
      } catch (err) {
        throw new AppError(502, providerMessage(err));
      }
    },

    /** A wallet order for a plan: the amount must be a plan's price. */
    async walletOrder(user: SessionUser | null, input: z.output<typeof walletOrderSchema>) {
      const technicianId = ownTechnician(user);
      const wallet = app.payments.wallet;
      if (!wallet) throw new AppError(503, 'Payment processing is not configured.');
      const amountCents = toCents(input.amount);
      const plan = input.planName
        ? await planByName(app.db, input.planName)
        : (await app.db.select().from(plans).where(eq(plans.priceCents, amountCents)))[0];
      if (!plan || plan.priceCents !== amountCents)
        throw new AppError(400, 'The amount does not match a plan price');
      await refuseWhenActive(app.db, technicianId);
      let order;
      try {
        order = await wallet.createOrder({
          amountCents,
          currency: 'USD',
          intent: 'CAPTURE',
          description: `${BRAND.name} ${plan.name} plan`,
          idempotencyKey: `order:${technicianId}:${now().getTime()}`,
          reference: `technician-${technicianId}`,
        });
      } catch (err) {
        throw new AppError(502, providerMessage(err));
      }
      await app.db.insert(payments).values({
        technicianId,
        planId: plan.id,
        amountCents,
        description: `${plan.name} plan - monthly subscription`,
        status: 'processing',
        provider: wallet.name === 'sandbox' ? 'sandbox-wallet' : wallet.name,
        providerPaymentId: order.id,
        idempotencyKey: `order:${order.id}`,
        receiptNumber: await receiptNumber(),
      });
      return { id: order.id, status: order.status };
    },

    async walletCapture(user: SessionUser | null, orderId: string) {
      const technicianId = ownTechnician(user);
      const wallet = app.payments.wallet;
      if (!wallet) throw new AppError(503, 'Payment processing is not configured.');
      const [pending] = await app.db
        .select()
        .from(payments)
        .where(eq(payments.idempotencyKey, `order:${orderId}`));
      if (!pending || pending.technicianId !== technicianId)
        throw new AppError(404, 'Order not found');
      if (pending.status === 'succeeded') return { status: 'COMPLETED', id: orderId };
      if (pending.status === 'failed')
        throw new AppError(409, 'This payment is no longer open. Please start again.');
      const live = await liveSubscription(app.db, technicianId);
      if (live?.s.status === 'active') {
        // Paid another way meanwhile: this order is not captured.
        await settle(pending, { status: 'failed', message: ALREADY_SUBSCRIBED });
        throw new AppError(409, ALREADY_SUBSCRIBED);
      }
      let capture;
      try {
        capture = await wallet.captureOrder(orderId, `capture:${orderId}`);
      } catch (err) {
        throw new AppError(502, providerMessage(err));
      }
      if (capture.status !== 'COMPLETED') {
        if (capture.status !== 'PAYER_ACTION_REQUIRED')
          await settle(pending, { status: 'failed', message: capture.message ?? capture.status });
        return { status: capture.status, id: orderId, message: capture.message };
      }
      // A wallet keeps no card on file: the next period is paid again through the wallet.
      await settle(pending, { status: 'succeeded' });
      return { status: 'COMPLETED', id: orderId };
    },

    async changePlan(user: SessionUser | null, planName: string) {
      const technicianId = ownTechnician(user);
      const plan = await planByName(app.db, planName);
      const live = await liveSubscription(app.db, technicianId);
      if (!live) throw new AppError(409, 'You have no active plan to change');
      const [s] = await app.db
        .update(subscriptions)
        .set({
          pendingPlanId: plan.id === live.s.planId ? null : plan.id,
          cancelAtPeriodEnd: false,
        })
        .where(eq(subscriptions.id, live.s.id))
        .returning();
      return { subscription: await subscriptionOut(s!, live.p) };
    },

    /** What upgrading to `planName` at once costs now: the prorated difference for the period. */
    async quoteUpgrade(user: SessionUser | null, planName: string) {
      const technicianId = ownTechnician(user);
      const plan = await planByName(app.db, planName);
      const live = await upgradeOf(app.db, technicianId, plan);
      return {
        planName: plan.name,
        currentPlan: live.p.name,
        amount: prorate(live, plan) / 100,
        currentPeriodEnd: live.s.currentPeriodEnd.toISOString(),
        canUpgradeNow: live.s.paymentMethodRef !== null,
      };
    },

    /**
     * An upgrade that takes effect at once, after the technician confirmed the prorated amount
     * (`amount`, as quoted): the card on file is charged once per idempotency key.
     */
    async upgradeNow(
      user: SessionUser | null,
      input: { planName: string; amount: number; idempotencyKey: string },
    ) {
      const technicianId = ownTechnician(user);
      const card = app.payments.card;
      if (!card) throw new AppError(503, 'Payment processing is not configured.');
      const key = `upgrade:${technicianId}:${input.idempotencyKey}`;
      const [seen] = await app.db.select().from(payments).where(eq(payments.idempotencyKey, key));
      if (seen) return purchaseAnswer(await outcomeOf(key), 'Plan upgraded');
      const plan = await planByName(app.db, input.planName);
      const live = await upgradeOf(app.db, technicianId, plan);
      if (!live.s.paymentMethodRef || !live.s.providerCustomerId || live.s.provider !== card.name)
        throw new AppError(
          409,
          'An upgrade at once needs a card on file. Change your plan for the next billing cycle instead.',
        );
      const amountCents = prorate(live, plan);
      if (Math.abs(amountCents - toCents(input.amount)) > 1)
        throw new AppError(
          409,
          `The amount due now is $${centsToDecimal(amountCents)}. Please confirm the new amount.`,
        );
      if (amountCents === 0) {
        await app.db
          .update(subscriptions)
          .set({ planId: plan.id, pendingPlanId: null })
          .where(eq(subscriptions.id, live.s.id));
        return { ok: true as const, message: 'Plan upgraded', payment: null };
      }
      const claimed = await claimPurchase(
        {
          technicianId,
          subscriptionId: live.s.id,
          planId: plan.id,
          amountCents,
          description: `${plan.name} plan - prorated upgrade from ${live.p.name}`,
          status: 'processing',
          provider: card.name,
          idempotencyKey: key,
          receiptNumber: await receiptNumber(),
          providerCustomerId: live.s.providerCustomerId,
          paymentMethodRef: live.s.paymentMethodRef,
        },
        // Under the lock: the plan is still the one quoted (a parallel upgrade did not win).
        async (tx) => {
          const again = await upgradeOf(tx, technicianId, plan);
          if (again.s.planId !== live.s.planId) throw new AppError(409, PURCHASE_IN_PROGRESS);
        },
      );
      if (!claimed) return purchaseAnswer(await outcomeOf(key), 'Plan upgraded');
      let result: ChargeResult;
      try {
        result = await card.chargeSavedCard({
          customerRef: live.s.providerCustomerId,
          cardRef: live.s.paymentMethodRef,
          amountCents,
          currency: 'USD',
          idempotencyKey: key,
          note: `${BRAND.name} upgrade to ${plan.name}`,
        });
      } catch (err) {
        app.log.warn({ err }, 'upgrade card payment failed');
        result = { status: 'failed', message: providerMessage(err) };
      }
      return purchaseAnswer(await settle(claimed, outcomeOfCharge(result)), 'Plan upgraded');
    },

    /**
     * Reconciliation (ADR 007): purchases still `processing` well after every provider call
     * would have timed out are asked about and settled, or failed when the provider never took
     * them. Returns what it did.
     */
    async reconcile() {
      const cutoff = new Date(now().getTime() - RECONCILE_AFTER_MS);
      const stuck = await app.db
        .select()
        .from(payments)
        .where(and(eq(payments.status, 'processing'), lt(payments.createdAt, cutoff)))
        .orderBy(asc(payments.id))
        .limit(200);
      const results = { succeeded: 0, failed: 0, pending: 0 };
      for (const row of stuck) {
        try {
          const outcome = await providerOutcome(row);
          if (!outcome) {
            results.pending++;
            continue;
          }
          const settled = await settle(row, outcome);
          if (settled.status === 'succeeded') results.succeeded++;
          else if (settled.status === 'failed') results.failed++;
        } catch (err) {
          results.pending++;
          app.log.warn({ err, paymentId: row.id }, 'payment reconciliation failed');
        }
      }
      return results;
    },

    async cancel(user: SessionUser | null, resume = false) {
      const technicianId = ownTechnician(user);
      const live = await liveSubscription(app.db, technicianId);
      if (!live) throw new AppError(409, 'You have no active plan');
      const [s] = await app.db
        .update(subscriptions)
        .set({ cancelAtPeriodEnd: !resume })
        .where(eq(subscriptions.id, live.s.id))
        .returning();
      return { subscription: await subscriptionOut(s!, live.p) };
    },

    /**
     * Period ends: cancels what was set to cancel, applies a pending plan change, and renews
     * through the provider with the stored card; a failed (or impossible) renewal makes the
     * subscription past due and e-mails the technician. Every charge is recorded.
     */
    async renewDue() {
      const t = now();
      const due = await app.db
        .select()
        .from(subscriptions)
        .where(and(inArray(subscriptions.status, LIVE), lte(subscriptions.currentPeriodEnd, t)))
        .orderBy(asc(subscriptions.currentPeriodEnd))
        .limit(500);
      const results = { canceled: 0, renewed: 0, failed: 0 };
      for (const s of due) {
        const periodKey = `renew:${s.id}:${s.currentPeriodEnd.toISOString()}`;
        let attempt = 0;
        if (s.status === 'past_due') {
          // Dunning: retries one and three days after the period ended, then the plan ends.
          const [tried] = await app.db
            .select({ n: count() })
            .from(payments)
            .where(sql`${payments.idempotencyKey} like ${`${periodKey}%`}`);
          attempt = tried?.n ?? 0;
          const since = t.getTime() - s.currentPeriodEnd.getTime();
          if (since >= PAST_DUE_GRACE_DAYS * DAY_MS) {
            await app.db
              .update(subscriptions)
              .set({ status: 'canceled', canceledAt: t })
              .where(and(eq(subscriptions.id, s.id), eq(subscriptions.status, 'past_due')));
            results.canceled++;
            await mailTechnician(s.technicianId, 'subscription_ended', 'Your plan has ended', [
              `We could not collect the payment for your ${BRAND.name} plan, so it has ended. You can choose a plan again at any time: ${publicBaseUrl(app.config)}/platform-payment`,
            ]);
            continue;
          }
          const retryAt = RETRY_AFTER_DAYS[attempt - 1];
          if (retryAt === undefined || since < retryAt * DAY_MS) continue;
        }
        if (s.cancelAtPeriodEnd) {
          await app.db
            .update(subscriptions)
            .set({ status: 'canceled', canceledAt: t })
            .where(eq(subscriptions.id, s.id));
          results.canceled++;
          await mailTechnician(s.technicianId, 'subscription_canceled', 'Your plan has ended', [
            `Your ${BRAND.name} plan ended on ${s.currentPeriodEnd.toISOString().slice(0, 10)} as you asked. You can choose a plan again at any time.`,
          ]);
          continue;
        }
        const planId = s.pendingPlanId ?? s.planId;
        const [plan] = await app.db.select().from(plans).where(eq(plans.id, planId));
        const key = attempt === 0 ? periodKey : `${periodKey}:${attempt}`;
        const card = app.payments.card;
        let result: ChargeResult;
        if (!s.paymentMethodRef || !s.providerCustomerId || !card || card.name !== s.provider) {
          result = { status: 'failed', message: 'No card on file for automatic renewal' };
        } else {
          try {
            result = await card.chargeSavedCard({
              customerRef: s.providerCustomerId,
              cardRef: s.paymentMethodRef,
              amountCents: plan!.priceCents,
              currency: 'USD',
              idempotencyKey: key,
              note: `${BRAND.name} ${plan!.name} plan renewal`,
            });
          } catch (err) {
            result = { status: 'failed', message: providerMessage(err) };
          }
        }
        try {
          await app.db.transaction(async (tx) => {
            await tx.insert(payments).values({
              technicianId: s.technicianId,
              subscriptionId: s.id,
              planId,
              amountCents: plan!.priceCents,
              description: `${plan!.name} plan - monthly subscription`,
              status: result.status === 'succeeded' ? 'succeeded' : 'failed',
              provider: s.provider,
              providerPaymentId: result.status === 'succeeded' ? result.providerPaymentId : null,
              idempotencyKey: key,
              failureMessage: result.status === 'failed' ? result.message : null,
              receiptNumber: await receiptNumber(tx),
            });
            await tx
              .update(subscriptions)
              .set(
                result.status === 'succeeded'
                  ? {
                      status: 'active' as const,
                      planId,
                      pendingPlanId: null,
                      currentPeriodStart: s.currentPeriodEnd,
                      currentPeriodEnd: addMonth(s.currentPeriodEnd),
                    }
                  : { status: 'past_due' },
              )
              .where(eq(subscriptions.id, s.id));
          });
        } catch (err) {
          // Another instance charged this attempt first.
          if (isUniqueViolation(err)) continue;
          throw err;
        }
        if (result.status === 'succeeded') results.renewed++;
        else {
          results.failed++;
          if (attempt === 0)
            await mailTechnician(
              s.technicianId,
              'subscription_past_due',
              'Your plan payment failed',
              [
                `We could not renew your ${plan!.name} plan: ${result.message}.`,
                `Please update your payment method to keep your plan: ${publicBaseUrl(app.config)}/platform-payment`,
              ],
            );
        }
      }
      return results;
    },

    async history(user: SessionUser | null, page: number) {
      const technicianId = ownTechnician(user);
      const rows = await app.db
        .select()
        .from(payments)
        .where(eq(payments.technicianId, technicianId))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(HISTORY_PAGE_SIZE)
        .offset((page - 1) * HISTORY_PAGE_SIZE);
      const [c] = await app.db
        .select({ n: count() })
        .from(payments)
        .where(eq(payments.technicianId, technicianId));
      return {
        total: c?.n ?? 0,
        items: rows.map((p): PaymentRecord => ({
          id: p.id,
          description: p.description,
          amount: p.amountCents / 100,
          status: p.status,
          created: p.createdAt.toISOString(),
          receipt_url: `/api/payment/receipts/${p.id}`,
        })),
      };
    },

    async historyCsv(user: SessionUser | null) {
      const technicianId = ownTechnician(user);
      const rows = await app.db
        .select()
        .from(payments)
        .where(eq(payments.technicianId, technicianId))
        .orderBy(desc(payments.createdAt), desc(payments.id));
      const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
      return [
        'Date,Receipt,Description,Amount,Currency,Status',
        ...rows.map((p) =>
          [
            p.createdAt.toISOString().slice(0, 10),
            p.receiptNumber,
            p.description,
            centsToDecimal(p.amountCents),
            p.currency,
            p.status,
          ]
            .map(cell)
            .join(','),
        ),
      ].join('\n');
    },

    async receipt(user: SessionUser | null, id: number) {
      const [row] = await app.db
        .select({ p: payments, first: users.firstName, last: users.lastName, email: users.email })
        .from(payments)
        .innerJoin(technicians, eq(technicians.id, payments.technicianId))
        .innerJoin(users, eq(users.id, technicians.userId))
        .where(eq(payments.id, id));
      if (!row) throw new AppError(404, 'Receipt not found');
      if (user?.role !== 'admin' && user?.technicianId !== row.p.technicianId)
        throw new AppError(403, 'This receipt belongs to another technician');
      return row;
    },

    async adminPayments(page: number) {
      const rows = await app.db
        .select({ p: payments, first: users.firstName, last: users.lastName })
        .from(payments)
        .innerJoin(technicians, eq(technicians.id, payments.technicianId))
        .innerJoin(users, eq(users.id, technicians.userId))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(50)
        .offset((page - 1) * 50);
      const [c] = await app.db.select({ n: count() }).from(payments);
      return {
        total: c?.n ?? 0,
        items: rows.map((r) => ({
          id: r.p.id,
          technicianId: r.p.technicianId,
          technicianName: `${r.first} ${r.last}`.trim(),
          description: r.p.description,
          amount: centsToDecimal(r.p.amountCents),
          status: r.p.status,
          provider: r.p.provider,
          createdAt: r.p.createdAt.toISOString(),
        })),
      };
    },

    /** The signed-in user's plan tier: Free without a live, paid-up plan. */
    async currentTier(user: SessionUser | null): Promise<PlanTier> {
      if (user?.technicianId == null) return 'Free';
      const live = await liveSubscription(app.db, user.technicianId);
      return live && live.s.status === 'active' ? (live.p.name as PlanTier) : 'Free';
    },

    async catalogue(user: SessionUser | null) {
      const tier = await this.currentTier(user);
      const rows = await app.db.select().from(software).orderBy(asc(software.name));
      return {
        currentPlan: tier,
        items: rows.map((s): Software => ({
          id: s.id,
          name: s.name,
          category: s.category,
          description: s.description,
          version: s.version,
          fileSize: s.fileSize,
          downloadUrl: s.downloadUrl,
          rating: Number(s.rating),
          downloads: s.downloads,
          requiredPlan: s.requiredPlan,
          publisher: s.publisher,
          lastUpdated: s.lastUpdated,
          features: s.features,
          compatibility: s.compatibility,
          icon: s.icon,
          unlocked: PLAN_RANK[tier] >= PLAN_RANK[s.requiredPlan],
        })),
      };
    },

    /** A download the plan allows: the licence file for this technician, counted. */
    async download(user: SessionUser | null, slug: string) {
      const [s] = await app.db.select().from(software).where(eq(software.slug, slug));
      if (!s) throw new AppError(404, 'Software not found');
      const tier = await this.currentTier(user);
      if (PLAN_RANK[tier] < PLAN_RANK[s.requiredPlan])
        throw new AppError(403, `${s.name} needs the ${s.requiredPlan} plan or higher`);
      await app.db
        .update(software)
        .set({ downloads: sql`${software.downloads} + 1` })
        .where(eq(software.id, s.id));
      const holder = user?.technicianId ?? user?.id ?? 0;
      const licence = createHmac('sha256', app.config.sessionSecret)
        .update(`${s.slug}:${holder}`)
        .digest('hex')
        .slice(0, 20)
        .toUpperCase()
        .replace(/(.{5})(?!$)/g, '$1-');
      return {
        fileName: `${s.slug}-${s.version}-licence.txt`,
        body: [
          `${s.name} ${s.version}`,
          `Publisher: ${s.publisher}`,
          `Licensed through ${BRAND.name} (${tier} plan) to account ${holder}`,
          `Licence key: ${licence}`,
          `Compatible with: ${s.compatibility.join(', ')}`,
          '',
          `Install the publisher's package for your system and enter the licence key when asked.`,
        ].join('\n'),
      };
    },
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
