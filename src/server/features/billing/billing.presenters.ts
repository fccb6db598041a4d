import { centsToDecimal, formatCents } from '@shared/money';
import type { PaymentRecord, Subscription } from '@shared/schemas/billing';
import { csvCell } from '../../infra/csv';
import { escapeHtml } from '../../infra/mailer';
import type {
  AdminPaymentRow,
  PaymentRow,
  PlanRow,
  ReceiptRow,
  SubscriptionRow,
} from './billing.queries';

/** A subscription on `p`, with the name of the plan it changes to at the next period, if any. */
export function subscriptionOut(
  s: SubscriptionRow,
  p: PlanRow,
  pendingPlan: string | null,
): Subscription {
  return {
    id: s.id,
    plan: { name: p.name, price: p.priceCents / 100, rank: p.rank },
    status: s.status,
    provider: s.provider,
    currentPeriodStart: s.currentPeriodStart.toISOString(),
    currentPeriodEnd: s.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    pendingPlan,
    canAutoRenew: s.paymentMethodRef !== null,
  };
}

export const paymentRecordOut = (p: PaymentRow): PaymentRecord => ({
  id: p.id,
  description: p.description,
  amount: p.amountCents / 100,
  status: p.status,
  created: p.createdAt.toISOString(),
  ...(p.refundedCents > 0 ? { refunded: p.refundedCents / 100 } : {}),
  // A payment that went through has a receipt; a failed attempt is a line without one.
  ...(p.status === 'succeeded' && p.receiptNumber
    ? { receipt_url: `/api/payment/receipts/${p.id}` }
    : {}),
});

export const adminPaymentOut = (r: AdminPaymentRow) => ({
  id: r.p.id,
  technicianId: r.p.technicianId,
  technicianName: `${r.first} ${r.last}`.trim(),
  description: r.p.description,
  amount: centsToDecimal(r.p.amountCents),
  status: r.p.status,
  provider: r.p.provider,
  createdAt: r.p.createdAt.toISOString(),
});

/** The payment history as CSV, one line per payment. */
export function paymentsCsv(rows: PaymentRow[]): string {
  return [
    'Date,Receipt,Description,Amount,Currency,Status',
    ...rows.map((p) =>
      [
        p.createdAt.toISOString().slice(0, 10),
        p.receiptNumber ?? '',
        p.description,
        centsToDecimal(p.amountCents),
        p.currency,
        p.status,
      ]
        .map(csvCell)
        .join(','),
    ),
  ].join('\n');
}

/** A printable receipt page for one plan payment. */
export function receiptHtml({ p, first, last, email }: ReceiptRow): string {
  const number = p.receiptNumber ?? '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Receipt ${escapeHtml(number)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:560px;margin:40px auto;padding:0 16px;color:#0f172a}dl{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px}dt{color:#64748b}</style></head>
<body><h1>Wrenchly receipt</h1><dl>
<dt>Receipt</dt><dd>${escapeHtml(number)}</dd>
<dt>Date</dt><dd>${escapeHtml(p.createdAt.toISOString().slice(0, 10))}</dd>
<dt>Billed to</dt><dd>${escapeHtml(`${first} ${last}`)} (${escapeHtml(email)})</dd>
<dt>Description</dt><dd>${escapeHtml(p.description)}</dd>
<dt>Amount</dt><dd>${escapeHtml(formatCents(p.amountCents))} ${escapeHtml(p.currency)}</dd>
<dt>Status</dt><dd>Paid</dd>
</dl><p><button onclick="window.print()">Print</button></p></body></html>`;
}
