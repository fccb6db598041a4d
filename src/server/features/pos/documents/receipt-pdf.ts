import { formatCents } from '@shared/money';
import { salesTaxLabel } from '@shared/sales-tax';
import type { InvoiceRow, PaymentRow } from '../pos.queries';
import { itemOut } from '../pos.presenters';
import { DocumentLayout, documentDate, documentHash, type DocumentIssuer } from './pdf-layout';
import { lineColumns, lineRows, paymentMethodText, storedWarrantyText } from './document-parts';

/** What a receipt says beside its payment: the invoice it paid, as of that payment, or the quote
 * whose deposit it was. */
export type ReceiptOf =
  | { kind: 'invoice'; invoice: InvoiceRow; paidToDateCents: number; balanceCents: number }
  | { kind: 'deposit'; quoteNumber: string; quoteTotalCents: number }
  | { kind: 'payment' };

/**
 * A receipt as a PDF, as of its payment: the payment (method, card brand and last 4, amount, and
 * the tip and the total charged when there was a tip) and the invoice's lines and totals with
 * what had been paid and what was left then, or the quote a deposit was for. Later payments and
 * refunds make documents of their own; this one never changes (the same bytes at every
 * download). Only for a payment that went through.
 */
export async function renderReceiptPdf(
  issuer: DocumentIssuer,
  p: PaymentRow,
  of: ReceiptOf,
): Promise<Uint8Array> {
  const inv = of.kind === 'invoice' ? of.invoice : null;
  const doc = await DocumentLayout.start(issuer, {
    title: 'Receipt',
    // Only a payment that went through has a receipt, and so a number.
    number: p.receiptNumber ?? '',
    issuedAt: p.createdAt,
    facts: [
      ['Date', documentDate(p.createdAt)],
      ...(inv ? ([['Invoice', inv.invoiceNumber]] as [string, string][]) : []),
      ...(of.kind === 'deposit'
        ? ([['Deposit on quote', of.quoteNumber]] as [string, string][])
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
  const method = paymentMethodText(p);
  // The tip is on top of what counts toward the invoice, in the same charge.
  const tip: [string, string][] =
    p.tipCents > 0
      ? [
          ['Tip', formatCents(p.tipCents)],
          ['Total charged', formatCents(p.amountCents + p.tipCents)],
        ]
      : [];
  doc.section('Payment');
  doc.facts([['Method', method], ['Amount paid', formatCents(p.amountCents)], ...tip]);
  let details: unknown[] = [];
  if (of.kind === 'invoice') {
    const items = of.invoice.items.map(itemOut);
    const taxLabel = salesTaxLabel(of.invoice);
    doc.section(`Invoice ${of.invoice.invoiceNumber}`);
    doc.table(lineColumns, lineRows(items));
    doc.totals([
      {
        label: 'Subtotal',
        value: formatCents(of.invoice.laborTotalCents + of.invoice.partsTotalCents),
      },
      { label: taxLabel, value: formatCents(of.invoice.taxAmountCents) },
      { label: 'Invoice total', value: formatCents(of.invoice.totalAmountCents) },
      { label: 'This payment', value: formatCents(p.amountCents), strong: true },
      { label: 'Paid to date', value: formatCents(of.paidToDateCents) },
      { label: 'Balance due', value: formatCents(of.balanceCents) },
    ]);
    const warranty = storedWarrantyText(of.invoice);
    if (warranty) {
      doc.section('Warranty');
      doc.paragraph(warranty);
    }
    details = [
      of.invoice.invoiceNumber,
      items,
      [of.invoice.laborTotalCents, of.invoice.partsTotalCents, of.invoice.taxAmountCents],
      taxLabel,
      of.invoice.totalAmountCents,
      [of.paidToDateCents, of.balanceCents],
      ...(warranty ? [warranty] : []),
    ];
  } else if (of.kind === 'deposit') {
    doc.totals([
      { label: `Quote ${of.quoteNumber} total`, value: formatCents(of.quoteTotalCents) },
      { label: 'Deposit paid', value: formatCents(p.amountCents), strong: true },
    ]);
    details = [of.quoteNumber, of.quoteTotalCents];
  } else {
    doc.totals([
      { label: 'Amount paid', value: formatCents(p.amountCents), strong: p.tipCents === 0 },
      ...tip.map(([label, value], i) => ({ label, value, strong: i === tip.length - 1 })),
    ]);
  }
  doc.paragraph('Thank you for your business!');
  doc.fingerprint(
    'Document hash (SHA-256)',
    documentHash([
      'wrenchly-receipt/1',
      p.receiptNumber,
      p.createdAt.toISOString(),
      [customer, p.customerEmail ?? inv?.customerEmail ?? null],
      [method, p.amountCents],
      of.kind,
      details,
      // Receipts without a tip hash as they did before tips existed.
      ...(p.tipCents > 0 ? [['tip', p.tipCents]] : []),
    ]),
  );
  return doc.save();
}
