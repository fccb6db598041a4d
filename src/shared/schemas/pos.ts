import { z } from 'zod';
import {
  DEPOSIT_TYPES,
  INVOICE_STATUSES,
  PAYMENT_STATUSES,
  POS_PAYMENT_METHODS,
  QUOTE_ITEM_TYPES,
  QUOTE_SIGNING_CHANNELS,
  QUOTE_STATUSES,
  QUOTE_VIEW_STATUSES,
  REFUND_STATUSES,
} from '../constants/domain';
import {
  depositCents,
  flatRate,
  formatCents,
  MAX_MONEY_CENTS,
  MAX_TIP_CENTS,
  quoteTotals,
  TIP_PERCENTS,
  toCents,
  type DepositRule,
  type TipPercent,
  type TipRule,
} from '../money';
import { JURISDICTIONS } from '../constants/service-area';
import { brandingSchema } from './branding';
import { dbId, dbIdNumber, MAX_INT4, safeText } from './common';
import { fairPriceSchema } from './fair-price';
import { invoiceRemindersSchema } from './invoice-reminders';
import { optionalPhoneSchema } from './phone';
import { warrantyTermsSchema } from './warranty';

export const QUOTE_VALIDATION_MESSAGE = 'Please fill in customer name and add at least one item.';
/** A quote's sales tax changed from its jurisdiction's rates needs a reason (docs/decisions/031). */
export const TAX_OVERRIDE_REASON_MESSAGE =
  'Please give a reason for changing the sales tax rates of the place of work';
export const PLACE_OF_WORK_MESSAGE =
  'Please enter the place of work (a ZIP code, town or address) so that its sales tax applies';
/** Dollars: the most a payment, a unit price, an item or a quote may come to. */
export const MAX_MONEY = MAX_MONEY_CENTS / 100;
export const MAX_QUANTITY = 10_000;
export const MONEY_TOO_LARGE = `Amount must be at most ${formatCents(MAX_MONEY_CENTS)}`;
export const ITEM_TOO_LARGE = `An item's total (quantity x unit price) must be at most ${formatCents(MAX_MONEY_CENTS)}`;
export const QUOTE_TOO_LARGE = `A quote's total must be at most ${formatCents(MAX_MONEY_CENTS)}`;
export const AMOUNT_TOO_SMALL = 'Amount must be at least $0.01';
/** A signature image: a PNG data URL of at most this many characters (about 375 kB). */
export const MAX_SIGNATURE_CHARS = 500_000;

const optionalText = (max: number) =>
  safeText()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

/** A decimal typed by a person: a number or a numeric string, never negative. */
const amount = (label: string, max: number) =>
  z.union([z.number(), z.string().trim()]).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : v === '' ? 0 : Number(v);
    if (!Number.isFinite(n) || n < 0 || n > max) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a number from 0 to ${max}` });
      return z.NEVER;
    }
    return Math.round(n * 100) / 100;
  });

export const quoteItemInputSchema = z
  .object({
    type: z.enum(QUOTE_ITEM_TYPES, { error: 'Item type must be labor or part' }),
    description: safeText({ error: 'Each item needs a description' })
      .trim()
      .min(1, 'Each item needs a description')
      .max(500),
    quantity: amount('Quantity', MAX_QUANTITY),
    unitPrice: amount('Unit price', MAX_MONEY),
    partNumber: optionalText(100),
    laborHours: amount('Labor hours', 1000).nullish(),
  })
  .superRefine((item, ctx) => {
    const [line] = quoteTotals(
      [{ type: item.type, quantity: item.quantity, unitPriceCents: toCents(item.unitPrice) }],
      flatRate(0),
    ).lineTotalsCents;
    if (line! > MAX_MONEY_CENTS)
      ctx.addIssue({ code: 'custom', path: ['unitPrice'], message: ITEM_TOO_LARGE });
  });
export type QuoteItemInput = z.input<typeof quoteItemInputSchema>;

export const CLIENT_ID_MESSAGE = 'Must be a UUID';
/**
 * The id a technician's device gives a record it makes, online or offline (ADR 013): the server
 * accepts each client id once per technician; a replay answers with the record already made.
 */
export const clientIdSchema = z.uuid({ error: CLIENT_ID_MESSAGE });

export const DEPOSIT_MESSAGES = {
  type: 'Deposit type must be fixed or percent',
  amount: 'The deposit amount must be a number',
  cents: 'The deposit must be in whole cents',
  percent: 'The deposit percentage must be more than 0 and at most 100, with at most 2 decimals',
  tooSmall: 'The deposit must be at least $0.01',
  overTotal: 'The deposit cannot be more than the quote total',
} as const;

/** A number or a numeric string with at most two decimals (cents, or hundredths of a percent). */
const twoDecimals = (message: string, decimalsMessage: string = DEPOSIT_MESSAGES.cents) =>
  z
    .union([z.number(), z.string().trim().min(1, message)], { error: message })
    .transform((v, ctx) => {
      const n = typeof v === 'number' ? v : Number(v);
      if (!Number.isFinite(n) || n < 0 || n > MAX_MONEY) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      if (Math.abs(n * 100 - Math.round(n * 100)) > 1e-6) {
        ctx.addIssue({ code: 'custom', message: decimalsMessage });
        return z.NEVER;
      }
      return Math.round(n * 100) / 100;
    });

/**
 * The deposit a quote asks for when the customer signs (ADR 017): a fixed amount in dollars, or
 * a percentage of the total. Checked against the total with the quote (more than 0, at most the
 * total, whole cents); null or absent for none.
 */
export const depositInputSchema = z
  .discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('fixed'), amount: twoDecimals(DEPOSIT_MESSAGES.amount) }),
      z.object({
        type: z.literal('percent'),
        percent: twoDecimals(DEPOSIT_MESSAGES.percent, DEPOSIT_MESSAGES.percent).refine(
          (p) => p > 0 && p <= 100,
          DEPOSIT_MESSAGES.percent,
        ),
      }),
    ],
    { error: DEPOSIT_MESSAGES.type },
  )
  .transform((d): DepositRule =>
    d.type === 'fixed'
      ? { type: 'fixed', amountCents: toCents(d.amount) }
      : { type: 'percent', percent: d.percent },
  );
export type DepositInput = z.input<typeof depositInputSchema>;

/** What a quote says: the fields of its create (POST) and edit (PUT) bodies. */
const quoteFields = z.object({
  technicianId: z.unknown().optional(),
  customerName: safeText({ error: QUOTE_VALIDATION_MESSAGE })
    .trim()
    .min(1, QUOTE_VALIDATION_MESSAGE)
    .max(200),
  customerEmail: safeText()
    .trim()
    .toLowerCase()
    .max(254)
    .nullish()
    .transform((v) => v || null)
    .refine(
      (v) => v === null || z.email().safeParse(v).success,
      'Please enter a valid email address',
    ),
  customerPhone: optionalPhoneSchema(),
  vehicleYear: optionalText(10),
  vehicleMake: optionalText(50),
  vehicleModel: optionalText(50),
  vehicleVin: optionalText(17),
  vehicleMileage: optionalText(20),
  notes: optionalText(2000),
  items: z
    .array(quoteItemInputSchema, { error: QUOTE_VALIDATION_MESSAGE })
    .min(1, QUOTE_VALIDATION_MESSAGE)
    .max(100, 'A quote holds at most 100 items'),
  /**
   * Sales tax in percent on parts (taxRate) and on labour (laborTaxRate). Absent: the place of
   * work's jurisdiction's rates (GET /api/tax-rates); different from them: taxOverrideReason.
   */
  taxRate: amount('Tax rate', 99.99).optional(),
  laborTaxRate: amount('Labor tax rate', 99.99).optional(),
  taxOverrideReason: optionalText(500),
  /** Where the work is done (ZIP, town or address): a job's quote takes the job's. */
  workLocation: optionalText(200),
  deposit: depositInputSchema.nullish().transform((d) => d ?? null),
});

/** A quote's total must fit the cents columns; its deposit must be within it. */
function checkQuoteTotal(
  quote: Pick<z.output<typeof quoteFields>, 'items' | 'taxRate' | 'laborTaxRate' | 'deposit'>,
  ctx: z.RefinementCtx,
) {
  const lines = quote.items.map((i) => ({
    type: i.type,
    quantity: i.quantity,
    unitPriceCents: toCents(i.unitPrice),
  }));
  // The rates the server settles on are at most 99.99%: the total is checked at the highest
  // the request allows, and again by the server with the rates it applies.
  const total = quoteTotals(lines, {
    parts: quote.taxRate ?? 0,
    labor: quote.laborTaxRate ?? 0,
  }).totalAmountCents;
  if (total > MAX_MONEY_CENTS)
    ctx.addIssue({ code: 'custom', path: ['items'], message: QUOTE_TOO_LARGE });
  if (!quote.deposit) return;
  const cents = depositCents(quote.deposit, total);
  if (cents < 1)
    ctx.addIssue({ code: 'custom', path: ['deposit'], message: DEPOSIT_MESSAGES.tooSmall });
  else if (cents > total)
    ctx.addIssue({ code: 'custom', path: ['deposit'], message: DEPOSIT_MESSAGES.overTotal });
}

/** POST /api/quotes. Totals and the quote number sent by the client are ignored. */
export const createQuoteSchema = quoteFields
  .extend({
    /** The job (service request) this quote is for: one of the technician's active jobs. */
    serviceRequestId: dbIdNumber().nullish(),
    clientId: clientIdSchema.optional(),
  })
  .superRefine(checkQuoteTotal);
export type CreateQuoteInput = z.input<typeof createQuoteSchema>;

/** A signed quote is final (ADR 026): changes after signing are a new quote, signed again. */
export const DRAFT_ONLY_MESSAGE =
  'A signed quote cannot be changed. Make a new quote for the changes; the customer signs it again.';

/**
 * PUT /api/quotes/{id}: a draft quote's new content, replacing the old (its job, number and
 * client id stay). Totals are computed again on the server.
 */
export const updateQuoteSchema = quoteFields.superRefine(checkQuoteTotal);
export type UpdateQuoteInput = z.input<typeof updateQuoteSchema>;

export const quoteItemSchema = z.object({
  type: z.enum(QUOTE_ITEM_TYPES),
  description: z.string(),
  quantity: z.string(),
  unitPrice: z.string(),
  totalPrice: z.string(),
  partNumber: z.string().nullable(),
  laborHours: z.string().nullable(),
});

const vehicleInfoSchema = z.object({
  year: z.string().nullable(),
  make: z.string().nullable(),
  model: z.string().nullable(),
});

export const DEPOSIT_STATUSES = ['due', 'processing', 'paid', 'refunded'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
/** A quote's deposit as shown: 'Deposit: $25.00 (paid)'. */
export const quoteDepositSchema = z.object({
  type: z.enum(DEPOSIT_TYPES),
  /** The percentage ('25.00') when it is one. */
  percent: z.string().nullable(),
  amount: z.string(),
  status: z.enum(DEPOSIT_STATUSES),
  /** The deposit's payment, once taken. */
  paymentId: z.number().int().nullable(),
});
export type QuoteDeposit = z.infer<typeof quoteDepositSchema>;

/**
 * The audit trail of a quote's signature (ADR 026): when, by whom, where (the technician's
 * device, the e-mailed link, the request page), from which address and browser, and the version
 * and content hash that were signed.
 */
export const signatureAuditSchema = z.object({
  signedAt: z.string(),
  signerName: z.string(),
  channel: z.enum(QUOTE_SIGNING_CHANNELS),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  version: z.number().int(),
  contentHash: z.string(),
});
export type SignatureAudit = z.infer<typeof signatureAuditSchema>;

/**
 * The sales tax a quote or invoice applies (docs/decisions/031): percent on parts (taxRate) and
 * on labour, the jurisdiction and its name (null on documents made before jurisdictions), and
 * the technician's reason when they changed the jurisdiction's rates.
 */
const quoteTaxFields = {
  taxRate: z.string(),
  laborTaxRate: z.string(),
  taxJurisdiction: z.enum(JURISDICTIONS).nullable(),
  taxJurisdictionName: z.string().nullable(),
  taxOverrideReason: z.string().nullable(),
  workLocation: z.string().nullable(),
};

export const quoteSchema = z.object({
  id: z.number().int(),
  quoteNumber: z.string(),
  technicianId: z.number().int(),
  customerName: z.string(),
  customerEmail: z.string().nullable(),
  customerPhone: z.string().nullable(),
  vehicleInfo: vehicleInfoSchema,
  vehicleYear: z.string().nullable(),
  vehicleMake: z.string().nullable(),
  vehicleModel: z.string().nullable(),
  vehicleVin: z.string().nullable(),
  vehicleMileage: z.string().nullable(),
  notes: z.string().nullable(),
  items: z.array(quoteItemSchema),
  ...quoteTaxFields,
  laborTotal: z.string(),
  partsTotal: z.string(),
  taxAmount: z.string(),
  totalAmount: z.string(),
  /**
   * draft (saved, not sent), sent (e-mailed to the customer with its approval link, not signed
   * yet) or approved (signed).
   */
  status: z.enum(QUOTE_VIEW_STATUSES),
  /** Raised by every change of its content; a signature names the version it was given on. */
  version: z.number().int(),
  /** SHA-256 (hex) of the content of this version (ADR 026). */
  contentHash: z.string(),
  signature: z.string().nullable(),
  signedAt: z.string().nullable(),
  /** The signature's audit trail, once signed (null for quotes signed before it was kept). */
  signatureAudit: signatureAuditSchema.nullable(),
  invoiceId: z.number().int().nullable(),
  /** The job it belongs to, and that job's reference (WR-000123). */
  serviceRequestId: z.number().int().nullable(),
  jobReference: z.string().nullable(),
  /** The id the technician's device gave it, when it made it (ADR 013). */
  clientId: z.string().nullable(),
  deposit: quoteDepositSchema.nullable(),
  /** The workmanship warranty it states (ADR 044). */
  warranty: warrantyTermsSchema,
  createdAt: z.string(),
});
export type Quote = z.infer<typeof quoteSchema>;

export const signatureSchema = z
  .string({ error: 'A signature is required' })
  .max(MAX_SIGNATURE_CHARS, 'The signature image is too large')
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, 'The signature must be a PNG image');

/**
 * The card that pays a quote's deposit when the customer signs: a card form token and one
 * idempotency key per attempt (a retry with the same key never charges twice).
 */
export const depositPaymentSchema = z.object({
  sourceId: safeText({ error: 'sourceId is required' })
    .trim()
    .min(1, 'sourceId is required')
    .max(500),
  idempotencyKey: safeText({ error: 'idempotencyKey is required' })
    .trim()
    .min(8, 'idempotencyKey must be at least 8 characters')
    .max(100),
});

export const QUOTE_CHANGED_MESSAGE =
  'This quote changed since you opened it. Review the new version and sign again.';
export const QUOTE_VERSION_REQUIRED = 'The version of the quote being signed is required';
export const QUOTE_LINK_REPLACED =
  'This quote changed after this link was sent. Open the newest e-mail about it to review the new version and sign.';

/**
 * The customer's signature, on the version of the quote they were shown (and, when sent, its
 * content hash): refused with QUOTE_CHANGED_MESSAGE when the quote changed since (ADR 026). With
 * the deposit's card when the quote asks for one (ADR 017).
 */
export const approveQuoteSchema = z.object({
  signature: signatureSchema,
  version: z
    .number({ error: QUOTE_VERSION_REQUIRED })
    .int(QUOTE_VERSION_REQUIRED)
    .min(1, QUOTE_VERSION_REQUIRED)
    .max(MAX_INT4, QUOTE_VERSION_REQUIRED),
  contentHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'The content hash must be 64 hexadecimal characters')
    .optional(),
  /** Who signs, as they typed it; the quote's customer name when absent. */
  signerName: safeText().trim().max(200).optional(),
  deposit: depositPaymentSchema.optional(),
});

export const ONE_REFERENCE_MESSAGE = (a: string, b: string) => `Give ${a} or ${b}, not both`;

/**
 * POST /api/invoices: made from an approved quote; everything else is copied from it. The quote
 * is named by its id or, when it was made offline and has no id on the device yet, by its
 * client id.
 */
export const createInvoiceSchema = z
  .object({
    quoteId: dbId('quoteId is required').optional(),
    quoteClientId: clientIdSchema.optional(),
    clientId: clientIdSchema.optional(),
    technicianId: z.unknown().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.quoteId === undefined && v.quoteClientId === undefined)
      ctx.addIssue({ code: 'custom', path: ['quoteId'], message: 'quoteId is required' });
    if (v.quoteId !== undefined && v.quoteClientId !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['quoteClientId'],
        message: ONE_REFERENCE_MESSAGE('quoteId', 'quoteClientId'),
      });
  });

export const invoiceSchema = z.object({
  id: z.number().int(),
  quoteId: z.number().int(),
  technicianId: z.number().int(),
  invoiceNumber: z.string(),
  customerName: z.string(),
  customerEmail: z.string().nullable(),
  customerPhone: z.string().nullable(),
  vehicleInfo: z.string().nullable(),
  items: z.array(quoteItemSchema),
  laborTotal: z.string(),
  partsTotal: z.string(),
  /** The rates billed (null on invoices made before they were kept) and their jurisdiction. */
  taxRate: z.string().nullable(),
  laborTaxRate: z.string().nullable(),
  taxJurisdiction: z.enum(JURISDICTIONS).nullable(),
  taxJurisdictionName: z.string().nullable(),
  taxOverrideReason: z.string().nullable(),
  taxAmount: z.string(),
  totalAmount: z.string(),
  paidAmount: z.string(),
  balanceDue: z.string(),
  status: z.enum(INVOICE_STATUSES),
  paidAt: z.string().nullable(),
  /** Reminders to the customer while it is unpaid (3, 7 and 14 days after it was issued). */
  reminders: invoiceRemindersSchema,
  /** The job it belongs to (copied from its quote), and that job's reference. */
  serviceRequestId: z.number().int().nullable(),
  jobReference: z.string().nullable(),
  clientId: z.string().nullable(),
  /** Its quote's workmanship warranty (ADR 044). */
  warranty: warrantyTermsSchema,
  createdAt: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** Dollars; at least one cent once rounded to cents (0.001 would be 0 cents). */
const paymentAmount = z
  .number({ error: 'Amount must be a number' })
  .positive('Amount must be greater than 0')
  .max(MAX_MONEY, MONEY_TOO_LARGE)
  // Out of range is reported above; toCents cannot read magnitudes written with an exponent.
  .refine((n) => Math.abs(n) > MAX_MONEY || toCents(n) >= 1, AMOUNT_TOO_SMALL)
  .refine((n) => Math.abs(n) > MAX_MONEY || toCents(n) <= MAX_MONEY_CENTS, MONEY_TOO_LARGE);

export const TIP_MESSAGES = {
  type: 'Tip type must be percent or amount',
  percent: `The tip percentage must be ${TIP_PERCENTS.slice(0, -1).join(', ')} or ${TIP_PERCENTS.at(-1)}`,
  amount: `The tip must be an amount from $0.00 to ${formatCents(MAX_TIP_CENTS)}, in whole cents`,
  /** Checked by the server, which knows the invoice (or, without one, the amount paid). */
  overTotal: 'The tip cannot be more than the invoice total',
  overAmount: 'The tip cannot be more than the amount paid',
} as const;

/**
 * The customer's tip on a card payment, on top of what counts toward the invoice: a share of the
 * invoice total (10, 15 or 20 percent) or an amount in dollars ('5.00'); null, absent or an
 * amount of 0 for none. Out: the rule in cents, or null.
 */
export const tipInputSchema = z
  .discriminatedUnion(
    'type',
    [
      z.object({
        type: z.literal('percent'),
        percent: z
          .number({ error: TIP_MESSAGES.percent })
          .refine((p) => (TIP_PERCENTS as readonly number[]).includes(p), TIP_MESSAGES.percent),
      }),
      z.object({
        type: z.literal('amount'),
        amount: z
          .union([z.number(), z.string().trim().min(1, TIP_MESSAGES.amount)], {
            error: TIP_MESSAGES.amount,
          })
          .transform((v, ctx) => {
            const n = typeof v === 'number' ? v : Number(v);
            // Whole cents, and never more than the cap (its check also keeps toCents in range).
            if (
              !Number.isFinite(n) ||
              n < 0 ||
              n * 100 > MAX_TIP_CENTS ||
              Math.abs(n * 100 - Math.round(n * 100)) > 1e-6
            ) {
              ctx.addIssue({ code: 'custom', message: TIP_MESSAGES.amount });
              return z.NEVER;
            }
            return toCents(n);
          }),
      }),
    ],
    { error: TIP_MESSAGES.type },
  )
  .nullish()
  .transform((t): TipRule | null => {
    if (!t) return null;
    if (t.type === 'percent') return { type: 'percent', percent: t.percent as TipPercent };
    return t.amount === 0 ? null : { type: 'amount', amountCents: t.amount };
  });
export type TipInput = z.input<typeof tipInputSchema>;

/** POST /api/pos/card-payments (and the spec's /api/square/create-payment): a card charged through the technician's provider. */
export const cardPaymentSchema = z.object({
  amount: paymentAmount,
  sourceId: safeText({ error: 'sourceId is required' }).trim().min(1).max(500),
  idempotencyKey: safeText({ error: 'idempotencyKey is required' })
    .trim()
    .min(8, 'idempotencyKey must be at least 8 characters')
    .max(100),
  invoiceId: dbIdNumber().nullish(),
  customerEmail: safeText().trim().max(254).nullish(),
  customerName: safeText().trim().max(200).nullish(),
  /** The customer's tip, charged with the amount on the technician's account. */
  tip: tipInputSchema,
});

/**
 * POST /api/pos/payments: cash, check or digital wallet, recorded by the technician. The invoice
 * is named by its id or by its client id (made offline); `clientId` makes it exactly once.
 */
export const recordPaymentSchema = z
  .object({
    amount: paymentAmount,
    method: z.enum(['cash', 'check', 'digital'], {
      error: 'Method must be cash, check or digital',
    }),
    invoiceId: dbIdNumber().nullish(),
    invoiceClientId: clientIdSchema.nullish(),
    clientId: clientIdSchema.optional(),
    customerEmail: safeText().trim().max(254).nullish(),
    customerName: safeText().trim().max(200).nullish(),
  })
  .refine((v) => v.invoiceId == null || v.invoiceClientId == null, {
    path: ['invoiceClientId'],
    message: ONE_REFERENCE_MESSAGE('invoiceId', 'invoiceClientId'),
  });

export const posPaymentSchema = z.object({
  id: z.number().int(),
  /** Given when the payment goes through; null for a failed or unfinished attempt. */
  receiptNumber: z.string().nullable(),
  invoiceId: z.number().int().nullable(),
  invoiceNumber: z.string().nullable(),
  technicianId: z.number().int(),
  method: z.enum(POS_PAYMENT_METHODS),
  /** What counts toward the invoice. */
  amount: z.string(),
  /** The customer's tip, charged on top of `amount` in the same payment ('0.00' for none). */
  tip: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  /** The card's brand (e.g. VISA) and last 4 digits, for card payments. */
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  failureMessage: z.string().nullable(),
  clientId: z.string().nullable(),
  /** The quote whose deposit this is (ADR 017). */
  quoteId: z.number().int().nullable(),
  /** Money given back on it, when any was (the latest refund). */
  refund: z
    .object({ status: z.enum(REFUND_STATUSES), amount: z.string(), createdAt: z.string() })
    .nullable(),
  createdAt: z.string(),
});
export type PosPayment = z.infer<typeof posPaymentSchema>;

/** POST /api/pos/payments/{id}/refund: the technician gives a card payment back. */
export const refundPaymentSchema = z.object({
  idempotencyKey: depositPaymentSchema.shape.idempotencyKey,
});

/** GET /api/pos/receipts/{id}: one payment with its invoice and the technician's details. */
export const posReceiptSchema = z.object({
  payment: posPaymentSchema,
  /** The invoice the payment was for (a deposit's receipt names its quote instead). */
  invoice: invoiceSchema.nullable(),
  /** What had been paid on the invoice and what was left, as of this payment. */
  asOfPayment: z.object({ paidToDate: z.string(), balanceDue: z.string() }).nullable(),
  /** The quote a deposit was paid on. */
  depositQuote: z.object({ quoteNumber: z.string(), totalAmount: z.string() }).nullable(),
  technician: z.object({ name: z.string(), phone: z.string().nullable() }),
  /** The technician's custom branding (Professional), or null. */
  branding: brandingSchema.nullable(),
});
export type PosReceipt = z.output<typeof posReceiptSchema>;

export const cardPaymentResponseSchema = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  payment: posPaymentSchema,
});
export type CardPaymentResponse = z.infer<typeof cardPaymentResponseSchema>;

/** POST /api/pos/quotes/:id/send: to the quote's customer e-mail, or this one when it has none. */
export const sendQuoteSchema = z
  .object({
    customerEmail: safeText()
      .trim()
      .toLowerCase()
      .pipe(z.email('Please enter a valid email address'))
      .optional(),
    customerName: safeText().trim().max(200).nullish(),
  })
  .default({});
export const sendQuoteResponseSchema = z.object({
  message: z.string(),
  /** True when the quote had been sent before: the same link went again. */
  resent: z.boolean(),
  quote: quoteSchema,
});
export const QUOTE_ALREADY_APPROVED = 'This quote is already approved: there is nothing to send';
export const QUOTE_NO_EMAIL = "Add the customer's e-mail to send the quote";

export const emailQuoteSchema = z.object({
  quoteId: dbId('quoteId is required'),
  customerEmail: safeText()
    .trim()
    .toLowerCase()
    .pipe(z.email('Please enter a valid email address')),
  customerName: safeText().trim().max(200).nullish(),
});

export const emailReceiptSchema = z.object({
  invoiceId: dbId().nullish(),
  paymentId: dbId().nullish(),
  customerEmail: safeText()
    .trim()
    .toLowerCase()
    .pipe(z.email('Please enter a valid email address')),
  customerName: safeText().trim().max(200).nullish(),
});

/** The public remote-approval page: what the customer sees, without the technician's internals. */
export const publicQuoteSchema = z.object({
  /** The quote's id: its PDF (GET /api/quotes/:id/pdf?t=<the link's token>). */
  id: z.number().int(),
  quoteNumber: z.string(),
  /** Whose account takes the deposit (its card form: GET /api/payments/config?technicianId=). */
  technicianId: z.number().int(),
  technicianName: z.string(),
  customerName: z.string(),
  vehicleInfo: vehicleInfoSchema,
  items: z.array(quoteItemSchema),
  ...quoteTaxFields,
  laborTotal: z.string(),
  partsTotal: z.string(),
  taxAmount: z.string(),
  totalAmount: z.string(),
  notes: z.string().nullable(),
  status: z.enum(QUOTE_STATUSES),
  /** The version shown, sent back with the signature (ADR 026). */
  version: z.number().int(),
  contentHash: z.string(),
  signatureAudit: signatureAuditSchema.nullable(),
  deposit: quoteDepositSchema.omit({ paymentId: true }).nullable(),
  warranty: warrantyTermsSchema,
  expiresAt: z.string(),
  createdAt: z.string(),
  /** The technician's custom branding (Professional), or null. */
  branding: brandingSchema.nullable(),
  /** What the job's service costs in its area (ADR 015); null for a quote made without a job. */
  fairPrice: fairPriceSchema.nullable(),
});
export type PublicQuote = z.infer<typeof publicQuoteSchema>;
