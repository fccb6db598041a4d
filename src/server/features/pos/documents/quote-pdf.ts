import { formatCents, toCents } from '@shared/money';
import type { Quote } from '@shared/schemas/pos';
import { DocumentLayout, documentDate, type DocumentIssuer } from './pdf-layout';
import { lineColumns, lineRows, vehicleLine } from './document-parts';

const QUOTE_STATUS: Record<Quote['status'], string> = {
  draft: 'Awaiting approval',
  sent: 'Awaiting approval',
  approved: 'Approved',
};

/** A quote as a PDF: the lines, totals and deposit the customer is asked to approve. */
export async function renderQuotePdf(
  issuer: DocumentIssuer,
  q: Quote,
  validUntil: Date | null,
): Promise<Uint8Array> {
  const doc = await DocumentLayout.start(issuer, {
    title: 'Quote',
    number: q.quoteNumber,
    facts: [
      ['Date', documentDate(new Date(q.createdAt))],
      ['Version', String(q.version)],
      ...(validUntil && q.status !== 'approved'
        ? ([['Valid until', documentDate(validUntil)]] as [string, string][])
        : []),
      ['Status', QUOTE_STATUS[q.status]],
    ],
  });
  doc.section('Customer');
  doc.facts([
    ['Name', q.customerName],
    ['E-mail', q.customerEmail],
    ['Phone', q.customerPhone],
    ['Vehicle', vehicleLine(q.vehicleYear, q.vehicleMake, q.vehicleModel)],
    ['VIN', q.vehicleVin],
    ['Mileage', q.vehicleMileage],
    ['Job', q.jobReference],
  ]);
  doc.section('Work');
  doc.table(lineColumns, lineRows(q.items));
  const subtotal = toCents(q.laborTotal) + toCents(q.partsTotal);
  doc.totals([
    { label: 'Labor', value: formatCents(toCents(q.laborTotal)) },
    { label: 'Parts', value: formatCents(toCents(q.partsTotal)) },
    { label: 'Subtotal', value: formatCents(subtotal) },
    { label: `Tax (${Number(q.taxRate)}%)`, value: formatCents(toCents(q.taxAmount)) },
    { label: 'Total', value: formatCents(toCents(q.totalAmount)), strong: true },
    ...(q.deposit
      ? [
          {
            label: `Deposit (${q.deposit.status === 'due' ? 'due when signed' : q.deposit.status})`,
            value: formatCents(toCents(q.deposit.amount)),
          },
        ]
      : []),
  ]);
  if (q.notes) {
    doc.section('Notes');
    doc.paragraph(q.notes);
  }
  if (q.status === 'approved' && q.signedAt) {
    doc.section('Approval');
    doc.paragraph(
      `Signed${q.signatureAudit?.signerName ? ` by ${q.signatureAudit.signerName}` : ''} on ${documentDate(new Date(q.signedAt))} (version ${q.version}).`,
    );
  }
  return doc.save();
}
