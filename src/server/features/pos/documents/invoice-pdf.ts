import { formatCents } from '@shared/money';
import type { Invoice } from '@shared/schemas/pos';
import type { InvoiceRow, PaymentRow } from '../pos.queries';
import { itemOut } from '../pos.presenters';
import { DocumentLayout, documentDate, type DocumentIssuer } from './pdf-layout';
import { lineColumns, lineRows, paymentMethodText } from './document-parts';

const INVOICE_STATUS: Record<Invoice['status'], string> = {
  pending: 'Due',
  paid: 'Paid',
  disputed: 'Disputed',
};

/** An invoice as a PDF: the lines, totals, what was paid (and how) and the balance due. */
export async function renderInvoicePdf(
  issuer: DocumentIssuer,
  inv: InvoiceRow,
  payments: PaymentRow[],
  jobReference: string | null,
): Promise<Uint8Array> {
  const balance = Math.max(0, inv.totalAmountCents - inv.paidAmountCents);
  const doc = await DocumentLayout.start(issuer, {
    title: 'Invoice',
    number: inv.invoiceNumber,
    facts: [
      ['Date', documentDate(inv.createdAt)],
      ...(inv.paidAt ? ([['Paid', documentDate(inv.paidAt)]] as [string, string][]) : []),
      ['Status', INVOICE_STATUS[inv.status]],
    ],
  });
  doc.section('Bill to');
  doc.facts([
    ['Name', inv.customerName],
    ['E-mail', inv.customerEmail],
    ['Phone', inv.customerPhone],
    ['Vehicle', inv.vehicleInfo],
    ['Job', jobReference],
  ]);
  doc.section('Work');
  doc.table(lineColumns, lineRows(inv.items.map(itemOut)));
  doc.totals([
    { label: 'Labor', value: formatCents(inv.laborTotalCents) },
    { label: 'Parts', value: formatCents(inv.partsTotalCents) },
    { label: 'Subtotal', value: formatCents(inv.laborTotalCents + inv.partsTotalCents) },
    { label: 'Tax', value: formatCents(inv.taxAmountCents) },
    { label: 'Total', value: formatCents(inv.totalAmountCents), strong: true },
    { label: 'Paid', value: formatCents(inv.paidAmountCents) },
    { label: 'Balance due', value: formatCents(balance), strong: true },
  ]);
  const paid = payments.filter((p) => p.status === 'succeeded');
  if (paid.length > 0) {
    doc.section('Payments');
    doc.table(
      [
        { label: 'Receipt', width: 25 },
        { label: 'Date', width: 20 },
        { label: 'Method', width: 35 },
        { label: 'Amount', width: 20, align: 'right' },
      ],
      paid.map((p) => [
        p.receiptNumber,
        documentDate(p.createdAt),
        `${paymentMethodText(p)}${p.quoteId ? ' (deposit)' : ''}`,
        formatCents(p.amountCents),
      ]),
    );
  }
  return doc.save();
}
