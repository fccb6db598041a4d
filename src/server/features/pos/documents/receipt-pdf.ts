import { formatCents } from '@shared/money';
import type { InvoiceRow, PaymentRow } from '../pos.queries';
import { itemOut } from '../pos.presenters';
import { DocumentLayout, documentDate, type DocumentIssuer } from './pdf-layout';
import { lineColumns, lineRows, paymentMethodText } from './document-parts';

/**
 * A receipt as a PDF: the payment (method, card brand and last 4, amount) and, when it paid an
 * invoice, the invoice's lines and totals and what is left to pay. Only for a payment that went
 * through (the caller refuses the others).
 */
export async function renderReceiptPdf(
  issuer: DocumentIssuer,
  p: PaymentRow,
  inv: InvoiceRow | null,
  extras: { quoteNumber: string | null; refunded: boolean },
): Promise<Uint8Array> {
  const doc = await DocumentLayout.start(issuer, {
    title: 'Receipt',
    number: p.receiptNumber,
    facts: [
      ['Date', documentDate(p.createdAt)],
      ...(inv ? ([['Invoice', inv.invoiceNumber]] as [string, string][]) : []),
      ...(extras.quoteNumber
        ? ([['Deposit on quote', extras.quoteNumber]] as [string, string][])
        : []),
    ],
  });
  const customer = p.customerName ?? inv?.customerName ?? null;
  if (customer || inv?.vehicleInfo) {
    doc.section('Customer');
    doc.facts([
      ['Name', customer],
      ['E-mail', p.customerEmail ?? inv?.customerEmail],
      ['Vehicle', inv?.vehicleInfo],
    ]);
  }
  doc.section('Payment');
  doc.facts([
    ['Method', paymentMethodText(p)],
    ['Amount paid', formatCents(p.amountCents)],
    ['Status', extras.refunded ? 'Refunded' : 'Paid'],
  ]);
  if (inv) {
    doc.section(`Invoice ${inv.invoiceNumber}`);
    doc.table(lineColumns, lineRows(inv.items.map(itemOut)));
    doc.totals([
      { label: 'Subtotal', value: formatCents(inv.laborTotalCents + inv.partsTotalCents) },
      { label: 'Tax', value: formatCents(inv.taxAmountCents) },
      { label: 'Invoice total', value: formatCents(inv.totalAmountCents) },
      { label: 'This payment', value: formatCents(p.amountCents), strong: true },
      { label: 'Paid to date', value: formatCents(inv.paidAmountCents) },
      {
        label: 'Balance due',
        value: formatCents(Math.max(0, inv.totalAmountCents - inv.paidAmountCents)),
      },
    ]);
  } else {
    doc.totals([{ label: 'Amount paid', value: formatCents(p.amountCents), strong: true }]);
  }
  doc.paragraph('Thank you for your business!');
  return doc.save();
}
