import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  PAYMENT_STATUSES,
  SUBSCRIPTION_STATUSES,
  type PaymentStatus,
  type SubscriptionStatus,
} from '@shared/constants/domain';
import { createdAt, emptyTextArray, id, oneOf, updatedAt } from './_helpers';
import { technicians } from './marketplace';

/** The one source of truth for plan prices. */
export const plans = pgTable(
  'plans',
  {
    id: id(),
    name: text().notNull().unique(),
    priceCents: integer().notNull(),
    description: text().notNull(),
    features: text().array().notNull().default(emptyTextArray),
    popular: boolean().notNull().default(false),
    rank: integer().notNull(),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('plans_rank_uq').on(t.rank),
    check('plans_price_ck', sql`${t.priceCents} > 0`),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    technicianId: integer()
      .notNull()
      .references(() => technicians.id, { onDelete: 'cascade' }),
    planId: integer()
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    status: text().$type<SubscriptionStatus>().notNull(),
    provider: text().notNull(),
    providerCustomerId: text(),
    /** Stored card on file (provider's id) used for renewals. */
    paymentMethodRef: text(),
    currentPeriodStart: timestamp({ withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp({ withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    /** A plan change that takes effect at the next cycle. */
    pendingPlanId: integer().references(() => plans.id, { onDelete: 'set null' }),
    canceledAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One live subscription per technician.
    uniqueIndex('subscriptions_live_uq')
      .on(t.technicianId)
      .where(sql`${t.status} <> 'canceled'`),
    index('subscriptions_renewal_idx').on(t.status, t.currentPeriodEnd),
    check('subscriptions_status_ck', oneOf(t.status, SUBSCRIPTION_STATUSES)),
  ],
);

/** Every charge to a technician (subscriptions) and its outcome. */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    technicianId: integer()
      .notNull()
      .references(() => technicians.id, { onDelete: 'cascade' }),
    subscriptionId: integer().references(() => subscriptions.id, { onDelete: 'set null' }),
    planId: integer().references(() => plans.id, { onDelete: 'set null' }),
    amountCents: integer().notNull(),
    currency: text().notNull().default('USD'),
    description: text().notNull(),
    status: text().$type<PaymentStatus>().notNull(),
    provider: text().notNull(),
    providerPaymentId: text(),
    idempotencyKey: text().unique(),
    /**
     * The hash of the request that claimed the idempotency key (plan, price, card token): the
     * key answers its outcome only to that request (ADR 006).
     */
    requestFingerprint: text(),
    failureMessage: text(),
    /** Given when the payment goes through: a failed attempt has no receipt (ADR 032). */
    receiptNumber: text().unique(),
    /** The card kept on file by a purchase, so a reconciled purchase can renew (ADR 007). */
    providerCustomerId: text(),
    paymentMethodRef: text(),
    /** The provider's processing fee, in cents, as its webhook reported it (for statements). */
    processingFeeCents: integer(),
    /** Given back from the provider's dashboard (planPaymentRefunds), in cents. */
    refundedCents: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One plan purchase or upgrade in flight per technician, whatever its idempotency key.
    uniqueIndex('payments_purchase_in_flight_uq')
      .on(t.technicianId)
      .where(
        sql`${t.status} = 'processing' and (${t.idempotencyKey} like 'sub:%' or ${t.idempotencyKey} like 'upgrade:%')`,
      ),
    index('payments_technician_created_idx').on(t.technicianId, t.createdAt.desc()),
    index('payments_created_idx').on(t.createdAt.desc()),
    index('payments_status_idx').on(t.status),
    uniqueIndex('payments_provider_payment_uq')
      .on(t.provider, t.providerPaymentId)
      .where(sql`${t.providerPaymentId} is not null`),
    check('payments_status_ck', oneOf(t.status, PAYMENT_STATUSES)),
    check('payments_amount_ck', sql`${t.amountCents} > 0`),
  ],
);

/**
 * A refund of a plan payment made in the provider's dashboard, learnt from its webhook: once per
 * provider refund id (its events repeat), added to the payment's refunded amount.
 */
export const planPaymentRefunds = pgTable(
  'plan_payment_refunds',
  {
    id: id(),
    paymentId: integer()
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    provider: text().notNull(),
    providerRefundId: text().notNull(),
    amountCents: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('plan_payment_refunds_provider_uq').on(t.provider, t.providerRefundId),
    index('plan_payment_refunds_payment_idx').on(t.paymentId),
    check('plan_payment_refunds_amount_ck', sql`${t.amountCents} > 0`),
  ],
);
