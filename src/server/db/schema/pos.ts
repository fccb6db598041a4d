import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  DEPOSIT_TYPES,
  INVOICE_STATUSES,
  PAYMENT_STATUSES,
  REFUND_STATUSES,
  type DepositType,
  type RefundStatus,
  POS_PAYMENT_METHODS,
  QUOTE_ITEM_TYPES,
  QUOTE_SIGNING_CHANNELS,
  QUOTE_STATUSES,
  type QuoteSigningChannel,
  type InvoiceStatus,
  type PaymentStatus,
  type PosPaymentMethod,
  type QuoteItemType,
  type QuoteStatus,
} from '@shared/constants/domain';
import { createdAt, id, oneOf, updatedAt } from './_helpers';
import { serviceRequests, technicians } from './marketplace';

/** Document numbers (src/server/domain/document-numbers.ts): Q-2026-000123, INV-..., R-... */
export const quoteNumberSeq = pgSequence('quote_number_seq');
export const invoiceNumberSeq = pgSequence('invoice_number_seq');
/** Shared by point-of-sale receipts and plan payment receipts. */
export const receiptNumberSeq = pgSequence('receipt_number_seq');

/**
 * Sales tax by where the work is done (docs/decisions/031): one row per jurisdiction and the
 * date its rates took effect, with the official source. Rates are percent; a labour rate of 0
 * means repair labour is not taxed there (when stated apart from the parts).
 */
export const salesTaxRates = pgTable(
  'sales_tax_rates',
  {
    id: id(),
    /** MD, DC, VA-NOVA (src/shared/constants/service-area.ts). */
    jurisdiction: text().notNull(),
    name: text().notNull(),
    partsRate: numeric({ precision: 5, scale: 2 }).notNull(),
    laborRate: numeric({ precision: 5, scale: 2 }).notNull(),
    effectiveFrom: date({ mode: 'string' }).notNull(),
    source: text().notNull(),
  },
  (t) => [
    uniqueIndex('sales_tax_rates_jurisdiction_from_uq').on(t.jurisdiction, t.effectiveFrom),
    check(
      'sales_tax_rates_rates_ck',
      sql`${t.partsRate} >= 0 and ${t.partsRate} < 100 and ${t.laborRate} >= 0 and ${t.laborRate} < 100`,
    ),
  ],
);

export const quotes = pgTable(
  'quotes',
  {
    id: id(),
    quoteNumber: text().notNull().unique(),
    technicianId: integer()
      .notNull()
      .references(() => technicians.id, { onDelete: 'cascade' }),
    /** The job this quote is for, when it was made from one. */
    serviceRequestId: integer().references(() => serviceRequests.id, { onDelete: 'set null' }),
    customerName: text().notNull(),
    customerEmail: text(),
    customerPhone: text(),
    vehicleYear: text(),
    vehicleMake: text(),
    vehicleModel: text(),
    vehicleVin: text(),
    vehicleMileage: text(),
    notes: text(),
    /**
     * Sales tax on parts and on labour, percent with two decimals, from the place of work's
     * jurisdiction (salesTaxRates) unless the technician overrode them with a reason.
     */
    taxRate: numeric({ precision: 5, scale: 2 }).notNull(),
    laborTaxRate: numeric({ precision: 5, scale: 2 }).notNull().default('0'),
    /** The jurisdiction whose rates applied (MD, DC, VA-NOVA); null on quotes made before. */
    taxJurisdiction: text(),
    /** Why the technician changed the jurisdiction's rates (kept on the record). */
    taxOverrideReason: text(),
    /** Where the work is done, as typed (a standalone quote; a job's is the request's). */
    workLocation: text(),
    laborTotalCents: integer().notNull(),
    partsTotalCents: integer().notNull(),
    taxAmountCents: integer().notNull(),
    totalAmountCents: integer().notNull(),
    status: text().$type<QuoteStatus>().notNull().default('draft'),
    /**
     * Raised by every change of what the customer sees (ADR 026): a signature names the version
     * it was given on and is refused on any other.
     */
    version: integer().notNull().default(1),
    signature: text(),
    signedAt: timestamp({ withTimezone: true }),
    /** SHA-256 of the remote-approval token e-mailed to the customer. */
    approvalTokenHash: text().unique(),
    approvalTokenExpiresAt: timestamp({ withTimezone: true }),
    /** The id the technician's device gave the quote (offline point of sale, ADR 013). */
    clientId: uuid(),
    /** SHA-256 of the create body the client id was first used with: a replay must match it. */
    clientBodyHash: text(),
    /**
     * The deposit asked for when the customer signs (ADR 017): a fixed amount, or a percentage
     * of the total (kept, two decimals); `depositCents` is the amount, computed by the server.
     */
    depositType: text().$type<DepositType>(),
    depositPercent: numeric({ precision: 5, scale: 2 }),
    depositCents: integer(),
    /**
     * The workmanship warranty the quote states (ADR 044), the technician's terms when it was
     * made; null on quotes made before (the platform's 12 months or 12,000 miles).
     */
    warrantyMonths: integer(),
    warrantyMiles: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('quotes_deposit_type_ck', oneOf(t.depositType, DEPOSIT_TYPES)),
    check(
      'quotes_deposit_ck',
      sql`(${t.depositType} is null and ${t.depositCents} is null) or (${t.depositCents} > 0 and ${t.depositCents} <= ${t.totalAmountCents})`,
    ),
    index('quotes_technician_created_idx').on(t.technicianId, t.createdAt.desc()),
    uniqueIndex('quotes_technician_client_id_uq').on(t.technicianId, t.clientId),
    index('quotes_service_request_idx').on(t.serviceRequestId),
    check('quotes_status_ck', oneOf(t.status, QUOTE_STATUSES)),
    check('quotes_totals_ck', sql`${t.totalAmountCents} >= 0`),
    check('quotes_version_ck', sql`${t.version} >= 1`),
  ],
);

/**
 * The audit trail of a quote's signature (ADR 026): the version and content hash signed, who
 * signed and where (the technician's device, the e-mailed link, the request page), when, from
 * which address and browser. One per quote: a signed quote never changes.
 */
export const quoteSignatures = pgTable(
  'quote_signatures',
  {
    id: id(),
    quoteId: integer()
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    /** SHA-256 (hex) of the canonical content of that version (pos.quote-hash.ts). */
    contentHash: text().notNull(),
    signerName: text().notNull(),
    channel: text().$type<QuoteSigningChannel>().notNull(),
    ipAddress: text(),
    userAgent: text(),
    signedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('quote_signatures_quote_uq').on(t.quoteId),
    check('quote_signatures_channel_ck', oneOf(t.channel, QUOTE_SIGNING_CHANNELS)),
  ],
);

/** Approval links voided by an edit of their quote: they answer "changed", not "invalid". */
export const quoteVoidedLinks = pgTable(
  'quote_voided_links',
  {
    tokenHash: text().primaryKey(),
    quoteId: integer()
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    voidedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('quote_voided_links_quote_idx').on(t.quoteId)],
);

export const quoteItems = pgTable(
  'quote_items',
  {
    id: id(),
    quoteId: integer()
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    type: text().$type<QuoteItemType>().notNull(),
    description: text().notNull(),
    quantity: numeric({ precision: 10, scale: 2 }).notNull(),
    unitPriceCents: integer().notNull(),
    totalPriceCents: integer().notNull(),
    partNumber: text(),
    laborHours: numeric({ precision: 8, scale: 2 }),
  },
  (t) => [
    index('quote_items_quote_idx').on(t.quoteId, t.position),
    check('quote_items_type_ck', oneOf(t.type, QUOTE_ITEM_TYPES)),
  ],
);

export type InvoiceItemSnapshot = {
  type: QuoteItemType;
  description: string;
  quantity: string;
  unitPriceCents: number;
  totalPriceCents: number;
  partNumber?: string | null;
  laborHours?: string | null;
};

export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    invoiceNumber: text().notNull().unique(),
    quoteId: integer()
      .notNull()
      .unique()
      .references(() => quotes.id, { onDelete: 'restrict' }),
    technicianId: integer()
      .notNull()
      .references(() => technicians.id, { onDelete: 'cascade' }),
    /** Copied from the quote: the job this invoice bills. */
    serviceRequestId: integer().references(() => serviceRequests.id, { onDelete: 'set null' }),
    customerName: text().notNull(),
    customerEmail: text(),
    customerPhone: text(),
    vehicleInfo: text(),
    /** Items copied from the quote when the invoice was made. */
    items: jsonb().$type<InvoiceItemSnapshot[]>().notNull(),
    laborTotalCents: integer().notNull(),
    partsTotalCents: integer().notNull(),
    taxAmountCents: integer().notNull(),
    totalAmountCents: integer().notNull(),
    /** Copied from the quote: the sales tax rates and jurisdiction billed. */
    taxRate: numeric({ precision: 5, scale: 2 }),
    laborTaxRate: numeric({ precision: 5, scale: 2 }),
    taxJurisdiction: text(),
    /** Copied from the quote: why its rates differ from the jurisdiction's. */
    taxOverrideReason: text(),
    /** Copied from the quote: the workmanship warranty it states (null: the platform's). */
    warrantyMonths: integer(),
    warrantyMiles: integer(),
    paidAmountCents: integer().notNull().default(0),
    status: text().$type<InvoiceStatus>().notNull().default('pending'),
    paidAt: timestamp({ withTimezone: true }),
    /**
     * Reminders to the customer while it is unpaid (3, 7 and 14 days after it was issued):
     * whether they go for this invoice, how many went, and when the last one did.
     */
    remindersEnabled: boolean().notNull().default(true),
    remindersSent: integer().notNull().default(0),
    lastRemindedAt: timestamp({ withTimezone: true }),
    /** The id the technician's device gave the invoice (offline point of sale, ADR 013). */
    clientId: uuid(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('invoices_technician_created_idx').on(t.technicianId, t.createdAt.desc()),
    uniqueIndex('invoices_technician_client_id_uq').on(t.technicianId, t.clientId),
    index('invoices_service_request_idx').on(t.serviceRequestId),
    // Paid invoices of the last 12 months: the fair-price refresh (ADR 015).
    index('invoices_paid_at_idx')
      .on(t.paidAt)
      .where(sql`${t.status} = 'paid'`),
    check('invoices_status_ck', oneOf(t.status, INVOICE_STATUSES)),
    check('invoices_paid_ck', sql`${t.paidAmountCents} >= 0`),
  ],
);

/** Payments taken by a technician from a customer at the roadside. */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: id(),
    invoiceId: integer().references(() => invoices.id, { onDelete: 'restrict' }),
    technicianId: integer()
      .notNull()
      .references(() => technicians.id, { onDelete: 'cascade' }),
    method: text().$type<PosPaymentMethod>().notNull(),
    /** What counts toward the invoice (the tip is on top, and is the technician's). */
    amountCents: integer().notNull(),
    /** The customer's tip, charged in the same payment (card and wallet payments of an invoice). */
    tipCents: integer().notNull().default(0),
    status: text().$type<PaymentStatus>().notNull(),
    provider: text(),
    providerPaymentId: text(),
    /**
     * The technician's connected account that took the card payment (ADR 030); null for cash and
     * for payments taken on the platform's account before accounts were connected.
     */
    merchantId: text(),
    idempotencyKey: text().unique(),
    /**
     * The hash of the request that claimed the idempotency key (amount, invoice or quote, card
     * token, customer): the key answers its outcome only to that request (ADR 006).
     */
    requestFingerprint: text(),
    failureMessage: text(),
    /**
     * Given when the payment goes through, so that the numbers run without gaps: a failed or
     * unfinished attempt has none (ADR 032).
     */
    receiptNumber: text().unique(),
    customerName: text(),
    customerEmail: text(),
    /** The card's brand and last 4 digits, as the card provider reported them. */
    cardBrand: text(),
    cardLast4: text(),
    /** The provider's processing fee, in cents, as its webhook reported it (for statements). */
    processingFeeCents: integer(),
    /** The id the technician's device gave a cash or check payment (ADR 013). */
    clientId: uuid(),
    /**
     * A quote's deposit (ADR 017): paid when the customer signs, attached to the invoice made
     * from the quote (`invoiceId` set then, and counted in its paid amount).
     */
    quoteId: integer().references(() => quotes.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoice_payments_invoice_idx').on(t.invoiceId),
    // One deposit taken (or being taken) per quote.
    uniqueIndex('invoice_payments_live_deposit_uq')
      .on(t.quoteId)
      .where(sql`${t.quoteId} is not null and ${t.status} in ('processing', 'succeeded')`),
    uniqueIndex('invoice_payments_technician_client_id_uq').on(t.technicianId, t.clientId),
    index('invoice_payments_technician_idx').on(t.technicianId, t.createdAt.desc()),
    // Provider webhooks find payments by the provider's id, and the ones still processing.
    index('invoice_payments_provider_payment_idx')
      .on(t.providerPaymentId)
      .where(sql`${t.providerPaymentId} is not null`),
    index('invoice_payments_processing_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'processing'`),
    check('invoice_payments_method_ck', oneOf(t.method, POS_PAYMENT_METHODS)),
    check('invoice_payments_status_ck', oneOf(t.status, PAYMENT_STATUSES)),
    check('invoice_payments_amount_ck', sql`${t.amountCents} > 0`),
    check('invoice_payments_tip_ck', sql`${t.tipCents} >= 0`),
  ],
);

/**
 * Money given back on a payment (ADR 017): a deposit when the technician gives the job back, or
 * a card payment the technician refunds. The idempotency key is claimed by this row before the
 * provider is asked; at most one refund per payment is under way or done.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: id(),
    paymentId: integer()
      .notNull()
      .references(() => invoicePayments.id, { onDelete: 'restrict' }),
    technicianId: integer()
      .notNull()
      .references(() => technicians.id, { onDelete: 'cascade' }),
    amountCents: integer().notNull(),
    status: text().$type<RefundStatus>().notNull(),
    provider: text().notNull(),
    providerRefundId: text(),
    idempotencyKey: text().notNull().unique(),
    /**
     * Why: 'job_given_back', 'customer_canceled' (in time, ADR 043), 'technician', or 'provider' (made in the provider's dashboard and
     * learnt from its webhook; keyed `provider-refund:<provider>:<refund id>`).
     */
    reason: text().notNull(),
    failureMessage: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One refund of ours under way or done per payment; the provider's dashboard may add more.
    uniqueIndex('payment_refunds_live_uq')
      .on(t.paymentId)
      .where(sql`${t.status} <> 'failed' and ${t.reason} <> 'provider'`),
    index('payment_refunds_provider_refund_idx')
      .on(t.providerRefundId)
      .where(sql`${t.providerRefundId} is not null`),
    index('payment_refunds_status_idx').on(t.status, t.createdAt),
    check('payment_refunds_status_ck', oneOf(t.status, REFUND_STATUSES)),
    check('payment_refunds_amount_ck', sql`${t.amountCents} > 0`),
  ],
);

/**
 * A customer disputing a card payment with their bank (a chargeback), as the provider's webhook
 * reports it: the invoice shows as disputed, the technician and the admins are told. `state` is
 * the provider's (Square: EVIDENCE_REQUIRED, PROCESSING, WON, LOST, ...; PayPal: its status
 * and outcome); `providerUpdatedAt` keeps a late, older event from undoing a newer one.
 */
export const paymentDisputes = pgTable(
  'payment_disputes',
  {
    id: id(),
    provider: text().notNull(),
    providerDisputeId: text().notNull(),
    providerPaymentId: text(),
    paymentId: integer().references(() => invoicePayments.id, { onDelete: 'restrict' }),
    invoiceId: integer().references(() => invoices.id, { onDelete: 'restrict' }),
    technicianId: integer().references(() => technicians.id, { onDelete: 'cascade' }),
    amountCents: integer().notNull(),
    reason: text(),
    state: text().notNull(),
    evidenceDueAt: timestamp({ withTimezone: true }),
    providerUpdatedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payment_disputes_provider_dispute_uq').on(t.provider, t.providerDisputeId),
    index('payment_disputes_invoice_idx').on(t.invoiceId),
    check('payment_disputes_amount_ck', sql`${t.amountCents} >= 0`),
  ],
);
