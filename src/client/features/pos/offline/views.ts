import { formatReference } from '@shared/service-request-rules';
import { centsToDecimal, depositCents, quoteTotals, toCents } from '@shared/money';
import {
  updateQuoteSchema,
  type Invoice,
  type PosPayment,
  type Quote,
  type UpdateQuoteInput,
} from '@shared/schemas/pos';
import type { WarrantyTerms } from '@shared/schemas/warranty';
import type { Change, DocRef } from './changes';

/** Whether a record still has changes on the device: waiting, or refused by the server. */
export type SyncMark = { state: 'waiting' } | { state: 'error'; message: string };

type Local = { id: number | null; clientId: string | null; sync: SyncMark | null };

/** A quote as the technician sees it: the server's, with the device's changes applied. */
export type QuoteView = Omit<
  Quote,
  'id' | 'quoteNumber' | 'invoiceId' | 'clientId' | 'contentHash' | 'warranty'
> &
  Local & {
    /** The warranty the server stated on it; null on a quote made offline, until synced. */
    warranty: WarrantyTerms | null;
    /** Null until the server numbers it. */
    quoteNumber: string | null;
    /** The server's content hash; null while the device has edits of it to send. */
    contentHash: string | null;
    /** The invoice made from it, on the server or on the device. */
    invoice: DocRef | null;
  };

export type InvoiceView = Omit<
  Invoice,
  'id' | 'invoiceNumber' | 'quoteId' | 'clientId' | 'warranty'
> &
  Local & { invoiceNumber: string | null; quote: DocRef; warranty: WarrantyTerms | null };

export type PaymentView = Omit<PosPayment, 'id' | 'receiptNumber' | 'invoiceId' | 'clientId'> &
  Local & { receiptNumber: string | null; invoice: DocRef | null };

export const refOf = (r: { id: number | null; clientId: string | null }): DocRef => ({
  id: r.id,
  clientId: r.clientId,
});

/** A stable key for a record, synced or not. */
export const refKey = (r: { id: number | null; clientId: string | null }) =>
  r.clientId ? `c:${r.clientId}` : `id:${r.id}`;

const isRef = (r: { id: number | null; clientId: string | null }, ref: DocRef) =>
  (ref.clientId !== null && r.clientId === ref.clientId) || (ref.id !== null && r.id === ref.id);

const markOf = (c: Change): SyncMark =>
  c.status === 'error' ? { state: 'error', message: c.error ?? '' } : { state: 'waiting' };

/** A refusal shows over 'waiting'. */
const worse = (a: SyncMark | null, b: SyncMark): SyncMark => (a?.state === 'error' ? a : b);

/** A quote's content as the server will compute it, from a create or edit body. */
function contentOf(body: UpdateQuoteInput) {
  const parsed = updateQuoteSchema.safeParse(body);
  if (!parsed.success) return null;
  const v = parsed.data;
  const lines = v.items.map((i) => ({
    type: i.type,
    quantity: i.quantity,
    unitPriceCents: toCents(i.unitPrice),
  }));
  // The rates the form showed; unknown (offline before they were looked up): none until the
  // server applies the place of work's.
  const parts = v.taxRate ?? 0;
  const labor = v.laborTaxRate ?? 0;
  const t = quoteTotals(lines, { parts, labor });
  return {
    customerName: v.customerName,
    customerEmail: v.customerEmail,
    customerPhone: v.customerPhone,
    vehicleInfo: { year: v.vehicleYear, make: v.vehicleMake, model: v.vehicleModel },
    vehicleYear: v.vehicleYear,
    vehicleMake: v.vehicleMake,
    vehicleModel: v.vehicleModel,
    vehicleVin: v.vehicleVin,
    vehicleMileage: v.vehicleMileage,
    notes: v.notes,
    items: v.items.map((i, n) => ({
      type: i.type,
      description: i.description,
      quantity: String(i.quantity),
      unitPrice: centsToDecimal(lines[n]!.unitPriceCents),
      totalPrice: centsToDecimal(t.lineTotalsCents[n]!),
      partNumber: i.type === 'part' ? (i.partNumber ?? null) : null,
      laborHours: i.type === 'labor' && i.laborHours != null ? String(i.laborHours) : null,
    })),
    taxRate: parts.toFixed(2),
    laborTaxRate: labor.toFixed(2),
    // The jurisdiction is the server's to name.
    taxJurisdiction: null,
    taxJurisdictionName: null,
    taxOverrideReason: v.taxOverrideReason,
    workLocation: v.workLocation,
    laborTotal: centsToDecimal(t.laborTotalCents),
    partsTotal: centsToDecimal(t.partsTotalCents),
    taxAmount: centsToDecimal(t.taxAmountCents),
    totalAmount: centsToDecimal(t.totalAmountCents),
    // A draft's deposit is due: it is paid by card when the customer signs (online).
    deposit: v.deposit
      ? {
          type: v.deposit.type,
          percent: v.deposit.type === 'percent' ? v.deposit.percent.toFixed(2) : null,
          amount: centsToDecimal(depositCents(v.deposit, t.totalAmountCents)),
          status: 'due' as const,
          paymentId: null,
        }
      : null,
  };
}

/**
 * What the customer reads of a quote, the content its hash covers on the server (ADR 026): an
 * edit that changes it makes a new version; the contact details alone do not.
 */
type Seen = Pick<
  Quote,
  | 'customerName'
  | 'vehicleYear'
  | 'vehicleMake'
  | 'vehicleModel'
  | 'vehicleVin'
  | 'vehicleMileage'
  | 'notes'
  | 'items'
  | 'taxRate'
  | 'laborTaxRate'
  | 'laborTotal'
  | 'partsTotal'
  | 'taxAmount'
  | 'totalAmount'
> & { deposit: { type: string; percent: string | null; amount: string } | null };
const seenKey = (q: Seen) =>
  JSON.stringify([
    q.customerName,
    q.vehicleYear,
    q.vehicleMake,
    q.vehicleModel,
    q.vehicleVin,
    q.vehicleMileage,
    q.notes,
    q.items.map((i) => [
      i.type,
      i.description,
      String(Number(i.quantity)),
      i.unitPrice,
      i.totalPrice,
      i.partNumber ?? null,
      i.laborHours == null ? null : String(Number(i.laborHours)),
    ]),
    q.taxRate,
    q.laborTaxRate,
    [q.laborTotal, q.partsTotal, q.taxAmount, q.totalAmount],
    q.deposit && [q.deposit.type, q.deposit.percent, q.deposit.amount],
  ]);

const quoteView = (q: Quote): QuoteView => ({
  ...q,
  invoice: q.invoiceId === null ? null : { id: q.invoiceId, clientId: null },
  sync: null,
});
/** What the server gives an invoice it just made: reminders on, none sent yet. */
const NEW_REMINDERS: Invoice['reminders'] = { enabled: true, sent: 0, lastSentAt: null };

const invoiceView = (i: Invoice): InvoiceView => ({
  ...i,
  // A list saved on the device before invoices had reminders lacks them until it is refetched.
  reminders: (i.reminders as Invoice['reminders'] | undefined) ?? NEW_REMINDERS,
  quote: { id: i.quoteId, clientId: null },
  sync: null,
});
const paymentView = (p: PosPayment): PaymentView => ({
  ...p,
  invoice: p.invoiceId === null ? null : { id: p.invoiceId, clientId: null },
  sync: null,
});

/**
 * The point of sale's lists with the device's waiting changes applied, in their order: quotes,
 * invoices and payments made offline appear first (without numbers until synced), edits,
 * signatures and payments show on the records they change. Totals come from the shared money
 * rules, as the server will compute them.
 */
export function applyChanges(
  server: { quotes?: Quote[]; invoices?: Invoice[]; payments?: PosPayment[] },
  changes: Change[],
  technicianId: number,
) {
  const quotes = (server.quotes ?? []).map(quoteView);
  const invoices = (server.invoices ?? []).map(invoiceView);
  const payments = (server.payments ?? []).map(paymentView);
  const onServer = (list: { clientId: string | null }[], id: string) =>
    list.some((r) => r.clientId === id);
  const replace = <T>(list: T[], at: number, patch: Partial<T>) => {
    list[at] = { ...list[at]!, ...patch };
  };

  for (const c of changes) {
    const mark = markOf(c);
    switch (c.kind) {
      case 'quote.create': {
        const content = contentOf(c.payload);
        if (!content || onServer(quotes, c.id)) break;
        const job = c.payload.serviceRequestId ?? null;
        quotes.unshift({
          ...content,
          id: null,
          clientId: c.id,
          quoteNumber: null,
          technicianId,
          status: 'draft',
          version: 1,
          contentHash: null,
          signature: null,
          signedAt: null,
          signatureAudit: null,
          warranty: null,
          invoice: null,
          serviceRequestId: job,
          jobReference: job === null ? null : formatReference(job),
          createdAt: c.createdAt,
          sync: mark,
        });
        break;
      }
      case 'quote.update': {
        const at = quotes.findIndex((q) => isRef(q, c.payload.quote));
        const content = contentOf(c.payload.body);
        if (at < 0 || !content) break;
        const was = quotes[at]!;
        // As the server will count it: a new version when what the customer reads changed.
        const changed = seenKey(content) !== seenKey(was);
        replace(quotes, at, {
          ...content,
          version: changed ? was.version + 1 : was.version,
          contentHash: changed ? null : was.contentHash,
          sync: worse(was.sync, mark),
        });
        break;
      }
      case 'quote.sign': {
        const at = quotes.findIndex((q) => isRef(q, c.payload.quote));
        if (at >= 0)
          replace(quotes, at, {
            status: 'approved',
            signature: c.payload.signature,
            signedAt: quotes[at]!.signedAt ?? c.createdAt,
            sync: worse(quotes[at]!.sync, mark),
          });
        break;
      }
      case 'invoice.create': {
        const at = quotes.findIndex((q) => isRef(q, c.payload.quote));
        if (at < 0 || onServer(invoices, c.id)) break;
        const q = quotes[at]!;
        replace(quotes, at, { invoice: { id: null, clientId: c.id } });
        invoices.unshift({
          id: null,
          clientId: c.id,
          invoiceNumber: null,
          quote: refOf(q),
          technicianId,
          customerName: q.customerName,
          customerEmail: q.customerEmail,
          customerPhone: q.customerPhone,
          vehicleInfo:
            [q.vehicleYear, q.vehicleMake, q.vehicleModel].filter(Boolean).join(' ') || null,
          items: q.items,
          laborTotal: q.laborTotal,
          partsTotal: q.partsTotal,
          taxRate: q.taxRate,
          laborTaxRate: q.laborTaxRate,
          taxJurisdiction: q.taxJurisdiction,
          taxJurisdictionName: q.taxJurisdictionName,
          taxOverrideReason: q.taxOverrideReason,
          taxAmount: q.taxAmount,
          totalAmount: q.totalAmount,
          // The quote's paid deposit counts toward it, as the server will attach it.
          paidAmount: q.deposit?.status === 'paid' ? q.deposit.amount : '0.00',
          balanceDue:
            q.deposit?.status === 'paid'
              ? centsToDecimal(toCents(q.totalAmount) - toCents(q.deposit.amount))
              : q.totalAmount,
          status: 'pending',
          paidAt: null,
          reminders: NEW_REMINDERS,
          serviceRequestId: q.serviceRequestId,
          jobReference: q.jobReference,
          warranty: q.warranty,
          createdAt: c.createdAt,
          sync: mark,
        });
        break;
      }
      case 'payment.record': {
        if (onServer(payments, c.id)) break;
        const { invoice: ref } = c.payload;
        const at = ref ? invoices.findIndex((i) => isRef(i, ref)) : -1;
        const inv = at >= 0 ? invoices[at]! : null;
        const cents = toCents(c.payload.amount);
        if (inv) {
          const paid = toCents(inv.paidAmount) + cents;
          const total = toCents(inv.totalAmount);
          replace(invoices, at, {
            paidAmount: centsToDecimal(paid),
            balanceDue: centsToDecimal(Math.max(0, total - paid)),
            status: paid >= total ? 'paid' : inv.status,
            paidAt: paid >= total ? c.createdAt : inv.paidAt,
            sync: worse(inv.sync, mark),
          });
        }
        payments.unshift({
          id: null,
          clientId: c.id,
          receiptNumber: null,
          invoice: ref,
          invoiceNumber: inv?.invoiceNumber ?? null,
          technicianId,
          method: c.payload.method,
          amount: centsToDecimal(cents),
          // Cash and check, queued offline: no tip (a tip is charged with a card).
          tip: '0.00',
          status: 'succeeded',
          customerName: c.payload.customerName || inv?.customerName || null,
          customerEmail: c.payload.customerEmail || inv?.customerEmail || null,
          cardBrand: null,
          cardLast4: null,
          failureMessage: null,
          quoteId: null,
          refund: null,
          createdAt: c.createdAt,
          sync: mark,
        });
        break;
      }
    }
  }
  return { quotes, invoices, payments };
}
