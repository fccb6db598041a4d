import { z } from 'zod';
import { PAYMENT_STATUSES, SUBSCRIPTION_STATUSES } from '../constants/domain';
import { safeText } from './common';

/** POST /api/{card-provider}/create-subscription. The price is checked against the plans table. */
export const createSubscriptionSchema = z.object({
  sourceId: safeText({ error: 'sourceId is required' })
    .trim()
    .min(1, 'sourceId is required')
    .max(500),
  planName: safeText({ error: 'planName is required' })
    .trim()
    .min(1, 'planName is required')
    .max(50),
  planPrice: z.coerce.number({ error: 'planPrice must be a number' }).positive().max(100_000),
  cardholderName: safeText({ error: 'Please fill in all required fields.' })
    .trim()
    .min(1, 'Please fill in all required fields.')
    .max(200),
  idempotencyKey: safeText({ error: 'idempotencyKey is required' })
    .trim()
    .min(8, 'idempotencyKey must be at least 8 characters')
    .max(100),
});

export const walletOrderSchema = z.object({
  amount: z.coerce.number({ error: 'amount must be a number' }).positive().max(100_000),
  currency: z.literal('USD', { error: 'Only USD is supported' }).default('USD'),
  intent: z.literal('CAPTURE', { error: 'intent must be CAPTURE' }).default('CAPTURE'),
  /** Optional: which plan the order pays for (else the plan whose price is the amount). */
  planName: safeText().trim().max(50).optional(),
  /**
   * The client's key for this attempt: a retry after a lost answer gets the order already made
   * (the provider's request id), never a second one.
   */
  idempotencyKey: safeText()
    .trim()
    .min(8, 'idempotencyKey must be at least 8 characters')
    .max(100)
    .optional(),
});

/**
 * The providers a plan paid through a wallet is recorded with (PayPal, or the built-in sandbox
 * wallet); any other provider is a card provider.
 */
export const WALLET_PROVIDER_NAMES = ['paypal', 'sandbox-wallet'] as const;
export const isWalletProvider = (provider: string) =>
  (WALLET_PROVIDER_NAMES as readonly string[]).includes(provider);

export const subscriptionSchema = z.object({
  id: z.number().int(),
  plan: z.object({ name: z.string(), price: z.number(), rank: z.number().int() }),
  status: z.enum(SUBSCRIPTION_STATUSES),
  provider: z.string(),
  currentPeriodStart: z.string(),
  currentPeriodEnd: z.string(),
  cancelAtPeriodEnd: z.boolean(),
  pendingPlan: z.string().nullable(),
  /**
   * Renewed without the technician: a card on file, or a PayPal account saved at the first
   * capture (ADR 017). False for wallet plans bought before vaulting: they are paid again.
   */
  canAutoRenew: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const currentSubscriptionSchema = z.object({ subscription: subscriptionSchema.nullable() });

export const changePlanSchema = z.object({
  planName: safeText({ error: 'planName is required' }).trim().min(1).max(50),
});

/** One row of GET /api/payment/history/{page}, in the spec's shape. */
export const paymentRecordSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  amount: z.number(),
  status: z.enum(PAYMENT_STATUSES),
  created: z.string(),
  /** Dollars given back (a refund made in the provider's dashboard), when any. */
  refunded: z.number().optional(),
  receipt_url: z.string().optional(),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

/** Page sizes the payment history offers (GET /api/payment/history/{page}?pageSize=). */
export const PAYMENT_HISTORY_PAGE_SIZES = [10, 20, 50] as const;
export const DEFAULT_PAYMENT_HISTORY_PAGE_SIZE = 20;
export const PAGE_SIZE_MESSAGE = `pageSize must be one of ${PAYMENT_HISTORY_PAGE_SIZES.join(', ')}`;

export const paymentHistoryQuerySchema = z.object({
  pageSize: z.coerce
    .number({ error: PAGE_SIZE_MESSAGE })
    .refine((n) => (PAYMENT_HISTORY_PAGE_SIZES as readonly number[]).includes(n), PAGE_SIZE_MESSAGE)
    .default(DEFAULT_PAYMENT_HISTORY_PAGE_SIZE),
});

/**
 * The history's body stays the spec's list of records (one page); the totals over the whole
 * history travel in these response headers (ADR 017): the number of payments, the dollars paid
 * (succeeded) and pending (processing), as decimal strings, and the page size used.
 */
export const PAYMENT_HISTORY_HEADERS = {
  total: 'x-total-count',
  paid: 'x-total-paid',
  pending: 'x-total-pending',
  pageSize: 'x-page-size',
} as const;

/** The totals read back from those headers. */
export const paymentHistoryTotalsSchema = z.object({
  totalCount: z.coerce.number().int().min(0),
  totalPaid: z.string().regex(/^\d+\.\d{2}$/),
  totalPending: z.string().regex(/^\d+\.\d{2}$/),
  pageSize: z.coerce.number().int().positive(),
});
export type PaymentHistoryTotals = z.infer<typeof paymentHistoryTotalsSchema>;

export const adminPaymentSchema = z.object({
  id: z.number().int(),
  technicianId: z.number().int(),
  technicianName: z.string(),
  description: z.string(),
  amount: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  provider: z.string(),
  createdAt: z.string(),
});

/** POST /api/subscriptions/upgrade/quote: what an upgrade at once costs now (prorated). */
export const upgradeQuoteSchema = z.object({
  planName: z.string(),
  currentPlan: z.string(),
  /** Dollars charged now: the price difference for the rest of the period. */
  amount: z.number(),
  currentPeriodEnd: z.string(),
  /** False without a card on file: the change can only apply at the next billing cycle. */
  canUpgradeNow: z.boolean(),
});
export type UpgradeQuote = z.infer<typeof upgradeQuoteSchema>;

/** POST /api/subscriptions/upgrade: confirms the quoted amount; one charge per key. */
export const upgradeNowSchema = z.object({
  planName: changePlanSchema.shape.planName,
  amount: z.coerce.number({ error: 'amount must be a number' }).min(0).max(100_000),
  idempotencyKey: z
    .string({ error: 'idempotencyKey is required' })
    .trim()
    .min(8, 'idempotencyKey must be at least 8 characters')
    .max(100),
});
