import type { Branding } from '@shared/schemas/branding';
import type { FairPrice } from '@shared/schemas/fair-price';
import { formatReference } from '@shared/service-request-rules';
import { JURISDICTION_NAMES, type Jurisdiction } from '@shared/constants/service-area';
import { centsToDecimal } from '@shared/money';
import { warrantyTermsOf } from '@shared/schemas/warranty';
import type {
  DepositStatus,
  Invoice,
  PosPayment,
  PublicQuote,
  Quote,
  QuoteDeposit,
  SignatureAudit,
} from '@shared/schemas/pos';
import type { InvoiceItemSnapshot } from '../../db/schema/pos';
import type { RefundRow } from './payments/pos.deposits.queries';
import type { InvoiceRow, ItemRow, PaymentRow, QuoteRow } from './pos.queries';
import { quoteContentHash } from './quotes/pos.quote-hash';
import type { SignatureRow } from './quotes/pos.signatures.queries';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

const rate = (r: string | null) => (r === null ? null : Number(r).toFixed(2));
const jurisdictionOut = (code: string | null) =>
  code !== null && code in JURISDICTION_NAMES
    ? {
        taxJurisdiction: code as Jurisdiction,
        taxJurisdictionName: JURISDICTION_NAMES[code as Jurisdiction],
      }
    : { taxJurisdiction: null, taxJurisdictionName: null };

/** A quote's sales tax as shown (docs/decisions/031). */
export const quoteTaxOut = (q: QuoteRow) => ({
  taxRate: rate(q.taxRate)!,
  laborTaxRate: rate(q.laborTaxRate)!,
  ...jurisdictionOut(q.taxJurisdiction),
  taxOverrideReason: q.taxOverrideReason,
  workLocation: q.workLocation,
});

/** The job a quote or invoice belongs to: its id and reference (WR-000123). */
const jobOf = (serviceRequestId: number | null) => ({
  serviceRequestId,
  jobReference: serviceRequestId === null ? null : formatReference(serviceRequestId),
});

export function itemOut(i: Omit<InvoiceItemSnapshot, never> | ItemRow) {
  return {
    type: i.type,
    description: i.description,
    quantity: String(Number(i.quantity)),
    unitPrice: centsToDecimal(i.unitPriceCents),
    totalPrice: centsToDecimal(i.totalPriceCents),
    partNumber: i.partNumber ?? null,
    laborHours: i.laborHours == null ? null : String(Number(i.laborHours)),
  };
}

/**
 * The quote's deposit: what it asks for and where it stands, from its deposit payment (taken or
 * being taken) and that payment's refund.
 */
export function depositOut(
  q: QuoteRow,
  payment: PaymentRow | undefined,
  refund: RefundRow | undefined,
): QuoteDeposit | null {
  if (!q.depositType || q.depositCents === null) return null;
  let status: DepositStatus = 'due';
  if (payment?.status === 'processing') status = 'processing';
  else if (payment?.status === 'succeeded')
    status = refund?.status === 'succeeded' ? 'refunded' : 'paid';
  return {
    type: q.depositType,
    percent: q.depositPercent === null ? null : Number(q.depositPercent).toFixed(2),
    amount: centsToDecimal(payment?.amountCents ?? q.depositCents),
    status,
    paymentId: payment?.id ?? null,
  };
}

/** A signature's audit trail as shown on the quote (ADR 026). */
export function signatureAuditOut(s: SignatureRow | undefined): SignatureAudit | null {
  if (!s) return null;
  return {
    signedAt: s.signedAt.toISOString(),
    signerName: s.signerName,
    channel: s.channel,
    ipAddress: s.ipAddress,
    userAgent: s.userAgent,
    version: s.version,
    contentHash: s.contentHash,
  };
}

export function quoteOut(
  q: QuoteRow,
  items: ItemRow[],
  invoiceId: number | null,
  deposit: QuoteDeposit | null = null,
  audit: SignatureRow | undefined = undefined,
): Quote {
  return {
    id: q.id,
    quoteNumber: q.quoteNumber,
    technicianId: q.technicianId,
    customerName: q.customerName,
    customerEmail: q.customerEmail,
    customerPhone: q.customerPhone,
    vehicleInfo: { year: q.vehicleYear, make: q.vehicleMake, model: q.vehicleModel },
    vehicleYear: q.vehicleYear,
    vehicleMake: q.vehicleMake,
    vehicleModel: q.vehicleModel,
    vehicleVin: q.vehicleVin,
    vehicleMileage: q.vehicleMileage,
    notes: q.notes,
    items: items.sort((a, b) => a.position - b.position).map(itemOut),
    ...quoteTaxOut(q),
    laborTotal: centsToDecimal(q.laborTotalCents),
    partsTotal: centsToDecimal(q.partsTotalCents),
    taxAmount: centsToDecimal(q.taxAmountCents),
    totalAmount: centsToDecimal(q.totalAmountCents),
    // A draft with an approval link has been sent to the customer; saving alone never sends.
    status: q.status === 'draft' && q.approvalTokenHash ? 'sent' : q.status,
    version: q.version,
    contentHash: quoteContentHash(q, items),
    signature: q.signature,
    signedAt: iso(q.signedAt),
    signatureAudit: signatureAuditOut(audit),
    invoiceId,
    ...jobOf(q.serviceRequestId),
    clientId: q.clientId,
    deposit,
    warranty: warrantyTermsOf(q.warrantyMonths, q.warrantyMiles),
    createdAt: q.createdAt.toISOString(),
  };
}

/** The customer's view of a quote on the remote-approval page. */
export function publicQuoteOut(
  full: Quote,
  technicianName: string,
  expiresAt: Date,
  branding: Branding | null,
  fairPrice: FairPrice | null,
): PublicQuote {
  return {
    id: full.id,
    quoteNumber: full.quoteNumber,
    technicianId: full.technicianId,
    technicianName,
    customerName: full.customerName,
    vehicleInfo: full.vehicleInfo,
    items: full.items,
    taxRate: full.taxRate,
    laborTaxRate: full.laborTaxRate,
    taxJurisdiction: full.taxJurisdiction,
    taxJurisdictionName: full.taxJurisdictionName,
    taxOverrideReason: full.taxOverrideReason,
    workLocation: full.workLocation,
    laborTotal: full.laborTotal,
    partsTotal: full.partsTotal,
    taxAmount: full.taxAmount,
    totalAmount: full.totalAmount,
    notes: full.notes,
    status: full.status === 'approved' ? 'approved' : 'draft',
    version: full.version,
    contentHash: full.contentHash,
    signatureAudit: full.signatureAudit,
    deposit: full.deposit && {
      type: full.deposit.type,
      percent: full.deposit.percent,
      amount: full.deposit.amount,
      status: full.deposit.status,
    },
    warranty: full.warranty,
    expiresAt: expiresAt.toISOString(),
    createdAt: full.createdAt,
    branding,
    fairPrice,
  };
}

export function invoiceOut(i: InvoiceRow): Invoice {
  return {
    id: i.id,
    quoteId: i.quoteId,
    technicianId: i.technicianId,
    invoiceNumber: i.invoiceNumber,
    customerName: i.customerName,
    customerEmail: i.customerEmail,
    customerPhone: i.customerPhone,
    vehicleInfo: i.vehicleInfo,
    items: i.items.map(itemOut),
    laborTotal: centsToDecimal(i.laborTotalCents),
    partsTotal: centsToDecimal(i.partsTotalCents),
    taxRate: rate(i.taxRate),
    laborTaxRate: rate(i.laborTaxRate),
    ...jurisdictionOut(i.taxJurisdiction),
    taxOverrideReason: i.taxOverrideReason,
    taxAmount: centsToDecimal(i.taxAmountCents),
    totalAmount: centsToDecimal(i.totalAmountCents),
    paidAmount: centsToDecimal(i.paidAmountCents),
    balanceDue: centsToDecimal(Math.max(0, i.totalAmountCents - i.paidAmountCents)),
    status: i.status,
    paidAt: iso(i.paidAt),
    reminders: {
      enabled: i.remindersEnabled,
      sent: i.remindersSent,
      lastSentAt: iso(i.lastRemindedAt),
    },
    ...jobOf(i.serviceRequestId),
    clientId: i.clientId,
    warranty: warrantyTermsOf(i.warrantyMonths, i.warrantyMiles),
    createdAt: i.createdAt.toISOString(),
  };
}

export function paymentOut(
  p: PaymentRow,
  invoiceNumber: string | null,
  refund: RefundRow | null = null,
): PosPayment {
  return {
    id: p.id,
    receiptNumber: p.receiptNumber,
    invoiceId: p.invoiceId,
    invoiceNumber,
    technicianId: p.technicianId,
    method: p.method,
    amount: centsToDecimal(p.amountCents),
    tip: centsToDecimal(p.tipCents),
    status: p.status,
    customerName: p.customerName,
    customerEmail: p.customerEmail,
    cardBrand: p.cardBrand,
    cardLast4: p.cardLast4,
    failureMessage: p.failureMessage,
    clientId: p.clientId,
    quoteId: p.quoteId,
    refund: refund && {
      status: refund.status,
      amount: centsToDecimal(refund.amountCents),
      createdAt: refund.createdAt.toISOString(),
    },
    createdAt: p.createdAt.toISOString(),
  };
}

/** The card payment's answer: its outcome and the payment as stored. */
export function cardOutcomeOut(row: PaymentRow, payment: PosPayment) {
  return row.status === 'succeeded'
    ? { success: true, payment }
    : { success: false, message: row.failureMessage ?? 'The card was declined', payment };
}

export const vehicleText = (q: Pick<QuoteRow, 'vehicleYear' | 'vehicleMake' | 'vehicleModel'>) =>
  [q.vehicleYear, q.vehicleMake, q.vehicleModel].filter(Boolean).join(' ') || null;
