import { warrantyText } from '@shared/schemas/warranty';
import { salesTaxLabel } from '@shared/sales-tax';
import { formatCents, toCents } from '@shared/money';
import { formatPhone } from '@shared/phone';
import type { Quote } from '@shared/schemas/pos';
import { DocumentLayout, documentDate, type DocumentIssuer } from './pdf-layout';
import { lineColumns, lineRows, vehicleLine } from './document-parts';

const QUOTE_STATUS: Record<Quote['status'], string> = {
  draft: 'Awaiting approval',
  sent: 'Awaiting approval',
  approved: 'Approved',
};

/** A quote as a PDF: the lines, totals and deposit the customer is asked to approve. */
export async function renderQuotePdf(issuer: DocumentIssuer, q: Quote): Promise<Uint8Array> {
  // A version of a quote is a record (its content hash says which): the same bytes until the
  // customer signs it, and the signed quote from then on.
  const signed = q.status === 'approved' && q.signedAt !== null;
  const doc = await DocumentLayout.start(issuer, {
    title: 'Quote',
    number: q.quoteNumber,
    issuedAt: signed ? new Date(q.signedAt!) : new Date(q.createdAt),
    facts: [
      ['Date', documentDate(new Date(q.createdAt))],
      ['Version', String(q.version)],
      ['Status', QUOTE_STATUS[q.status]],
    ],
  });
  doc.section('Customer');
  doc.facts([
    ['Name', q.customerName],
    ['E-mail', q.customerEmail],
    ['Phone', q.customerPhone && formatPhone(q.customerPhone)],
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
    { label: salesTaxLabel(q), value: formatCents(toCents(q.taxAmount)) },
    { label: 'Total', value: formatCents(toCents(q.totalAmount)), strong: true },
    ...(q.deposit
      ? [{ label: 'Deposit, paid when signed', value: formatCents(toCents(q.deposit.amount)) }]
      : []),
  ]);
  if (q.notes) {
    doc.section('Notes');
    doc.paragraph(q.notes);
  }
  doc.section('Warranty');
  doc.paragraph(warrantyText(q.warranty));
  if (signed) {
    doc.section('Approval');
    doc.paragraph(
      `Signed${q.signatureAudit?.signerName ? ` by ${q.signatureAudit.signerName}` : ''} on ${documentDate(new Date(q.signedAt!))} (version ${q.version}).`,
    );
  }
  doc.fingerprint(`Content hash (SHA-256) of version ${q.version}`, q.contentHash);
  return doc.save();
}
