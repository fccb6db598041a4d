import { formatCents } from '@shared/money';
import { formatPhone } from '@shared/phone';
import { salesTaxLabel } from '@shared/sales-tax';
import type { InvoiceRow } from '../pos.queries';
import { itemOut } from '../pos.presenters';
import { DocumentLayout, documentDate, documentHash, type DocumentIssuer } from './pdf-layout';
import { lineColumns, lineRows, storedWarrantyText } from './document-parts';

/**
 * An invoice as a PDF, as it was issued: the lines, totals, the deposit it was issued with and
 * the balance then due. It never changes afterwards (the same bytes at every download):
 * payments made later have receipts of their own, and the statement of account sums them up.
 */
export async function renderInvoicePdf(
  issuer: DocumentIssuer,
  inv: InvoiceRow,
  /** The quote's deposit, paid before the invoice existed and counted on it from the start. */
  depositCents: number,
  jobReference: string | null,
): Promise<Uint8Array> {
  const items = inv.items.map(itemOut);
  const balance = Math.max(0, inv.totalAmountCents - depositCents);
  const doc = await DocumentLayout.start(issuer, {
    title: 'Invoice',
    number: inv.invoiceNumber,
    issuedAt: inv.createdAt,
    facts: [['Date', documentDate(inv.createdAt)]],
  });
  doc.section('Bill to');
  doc.facts([
    ['Name', inv.customerName],
    ['E-mail', inv.customerEmail],
    ['Phone', inv.customerPhone && formatPhone(inv.customerPhone)],
    ['Vehicle', inv.vehicleInfo],
    ['Job', jobReference],
  ]);
  doc.section('Work');
  doc.table(lineColumns, lineRows(items));
  const taxLabel = salesTaxLabel(inv);
  doc.totals([
    { label: 'Labor', value: formatCents(inv.laborTotalCents) },
    { label: 'Parts', value: formatCents(inv.partsTotalCents) },
    { label: 'Subtotal', value: formatCents(inv.laborTotalCents + inv.partsTotalCents) },
    { label: taxLabel, value: formatCents(inv.taxAmountCents) },
    { label: 'Total', value: formatCents(inv.totalAmountCents), strong: true },
    ...(depositCents > 0
      ? [{ label: 'Deposit received', value: `-${formatCents(depositCents)}` }]
      : []),
    { label: 'Balance due', value: formatCents(balance), strong: true },
  ]);
  const warranty = storedWarrantyText(inv);
  if (warranty) {
    doc.section('Warranty');
    doc.paragraph(warranty);
  }
  doc.fingerprint(
    'Document hash (SHA-256)',
    documentHash([
      'wrenchly-invoice/1',
      inv.invoiceNumber,
      inv.createdAt.toISOString(),
      [inv.customerName, inv.customerEmail, inv.customerPhone, inv.vehicleInfo, jobReference],
      items,
      [inv.laborTotalCents, inv.partsTotalCents, inv.taxAmountCents, inv.totalAmountCents],
      taxLabel,
      [depositCents, balance],
      ...(warranty ? [warranty] : []),
    ]),
  );
  return doc.save();
}
