import { createHmac } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
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
import { composeMail } from '../../lib/mailer';
import { ProviderError, type ChargeResult } from '../../lib/payments';
import { publicBaseUrl } from '../../lib/public-url';
import type { SessionUser } from '../../plugins/access';

const HISTORY_PAGE_SIZE = 20;
const LIVE = ['active', 'past_due'] as const;
const DAY_MS = 86_400_000;
/** Days after the period end at which a failed renewal is retried. */
const RETRY_AFTER_DAYS = [1, 3] as const;
/** A plan still unpaid this many days after its period ended is ended. */
const PAST_DUE_GRACE_DAYS = 7;

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
  let receiptSeq = 0;
  const receiptNumber = () =>
    `RCPT-${now().getTime()}-${String(++receiptSeq % 1000).padStart(3, '0')}`;

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

  /** Claims an idempotency key with a processing payment row; null when it was already claimed. */
  async function claim(values: typeof payments.$inferInsert): Promise<PaymentRow | null> {
    const [row] = await app.db
      .insert(payments)
      .values(values)
      .onConflictDoNothing({ target: payments.idempotencyKey })
      .returning();
    return row ?? null;
  }

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
      const claimed = await claim({
        technicianId,
        planId: plan.id,
        amountCents: plan.priceCents,
        description: `${plan.name} plan - monthly subscription`,
        status: 'processing',
        provider: card.name,
        idempotencyKey: key,
        receiptNumber: receiptNumber(),
      });
      if (!claimed) {
        const row = await outcomeOf(key);
        return row.status === 'succeeded'
          ? { ok: true as const, message: 'Subscription activated', payment: row }
          : { ok: false as const, message: row.failureMessage ?? 'The card was declined' };
      }

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

      const payment = await app.db.transaction(async (tx) => {
        if (result.status !== 'succeeded') {
          const [p] = await tx
            .update(payments)
            .set({ status: 'failed', failureMessage: result.message })
            .where(eq(payments.id, claimed.id))
            .returning();
          return p!;
        }
        const sub = await activate(tx, technicianId, plan, card.name, {
          customerRef: refs!.customerRef,
          cardRef: refs!.cardRef,
        });
        const [p] = await tx
          .update(payments)
          .set({
            status: 'succeeded',
            subscriptionId: sub.id,
            providerPaymentId: result.providerPaymentId,
          })
          .where(eq(payments.id, claimed.id))
          .returning();
        return p!;
      });
      return payment.status === 'succeeded'
        ? { ok: true as const, message: 'Subscription activated', payment }
        : { ok: false as const, message: payment.failureMessage ?? 'The card was declined' };
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
        receiptNumber: receiptNumber(),
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
      let capture;
      try {
        capture = await wallet.captureOrder(orderId, `capture:${orderId}`);
      } catch (err) {
        throw new AppError(502, providerMessage(err));
      }
      if (capture.status !== 'COMPLETED') {
        if (capture.status !== 'PAYER_ACTION_REQUIRED')
          await app.db
            .update(payments)
            .set({ status: 'failed', failureMessage: capture.message ?? capture.status })
            .where(and(eq(payments.id, pending.id), eq(payments.status, 'processing')));
        return { status: capture.status, id: orderId, message: capture.message };
      }
      await app.db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(payments)
          .set({ status: 'succeeded' })
          .where(and(eq(payments.id, pending.id), eq(payments.status, 'processing')))
          .returning();
        if (!claimed) return;
        const [plan] = await tx.select().from(plans).where(eq(plans.id, pending.planId!));
        // A wallet keeps no card on file: the next period is paid again through the wallet.
        const sub = await activate(tx, technicianId, plan!, pending.provider, {
          customerRef: null,
          cardRef: null,
        });
        await tx
          .update(payments)
          .set({ subscriptionId: sub.id })
          .where(eq(payments.id, claimed.id));
      });
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
              receiptNumber: receiptNumber(),
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
