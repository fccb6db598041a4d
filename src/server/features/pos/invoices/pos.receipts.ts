import type { FastifyInstance } from 'fastify';
import { BRAND } from '@shared/brand';
import { centsToDecimal, formatCents } from '@shared/money';
import { AppError } from '../../../infra/app-error';
import { pdfAttachment } from '../../../infra/outbox';
import { brandingOf } from '../../../domain/branding';
import { assertOwnTechnician, type SessionUser } from '../../../infra/session';
import { posTechnician } from '../pos.access';
import { assertHasReceipt, receiptOf } from '../documents/pos.documents';
import { sendPosMail } from '../pos.mail';
import { paymentsOut } from '../payments/pos.payments';
import { invoiceOut } from '../pos.presenters';
import {
  findInvoice,
  findReceiptRow,
  paymentRowsById,
  paymentRowsOfInvoice,
  type InvoiceRow,
  type PaymentRow,
} from '../pos.queries';

/** One receipt: the payment, its invoice when there is one, and who took it. */
export async function receipt(app: FastifyInstance, user: SessionUser | null, paymentId: number) {
  const row = await findReceiptRow(app.db, paymentId);
  if (!row) throw new AppError(404, 'Receipt not found');
  assertOwnTechnician(user, row.p.technicianId);
  const [payment] = await paymentsOut(app.db, [row.p]);
  const { of } = await receiptOf(app.db, row.p);
  return {
    payment: payment!,
    invoice: of.kind === 'invoice' ? invoiceOut(of.invoice) : null,
    asOfPayment:
      of.kind === 'invoice'
        ? {
            paidToDate: centsToDecimal(of.paidToDateCents),
            balanceDue: centsToDecimal(of.balanceCents),
          }
        : null,
    depositQuote:
      of.kind === 'deposit'
        ? { quoteNumber: of.quoteNumber, totalAmount: centsToDecimal(of.quoteTotalCents) }
        : null,
    technician: { name: `${row.first} ${row.last}`.trim(), phone: row.phone },
    branding: await brandingOf(app.db, row.p.technicianId, app.clock()),
  };
}

export async function emailReceipt(
  app: FastifyInstance,
  user: SessionUser | null,
  input: {
    invoiceId?: number | null;
    paymentId?: number | null;
    customerEmail: string;
    customerName?: string | null;
  },
) {
  const technicianId = await posTechnician(app, user);
  let rows: PaymentRow[];
  let inv: InvoiceRow | undefined;
  if (input.paymentId) {
    rows = await paymentRowsById(app.db, input.paymentId);
    if (rows[0]?.invoiceId) inv = await findInvoice(app.db, rows[0].invoiceId);
  } else if (input.invoiceId) {
    inv = await findInvoice(app.db, input.invoiceId);
    rows = inv ? await paymentRowsOfInvoice(app.db, inv.id) : [];
    if (!inv) throw new AppError(404, 'Invoice not found');
  } else throw new AppError(400, 'Give the invoice or the payment to send a receipt for');
  if (rows.length === 0 && !inv) throw new AppError(404, 'Receipt not found');
  const owner = inv?.technicianId ?? rows[0]!.technicianId;
  if (owner !== technicianId) throw new AppError(403, 'This receipt belongs to another technician');
  // A declined or unfinished attempt is not a receipt: nothing to send for it.
  if (input.paymentId) assertHasReceipt(rows[0]!);
  // The PDFs go with it: the receipt of each payment that went through, and the invoice.
  const attachments = [
    ...rows
      .filter((p) => p.status === 'succeeded')
      .map((p) => pdfAttachment('receipt', p.id, p.receiptNumber ?? '')),
    ...(inv ? [pdfAttachment('invoice', inv.id, inv.invoiceNumber)] : []),
  ];
  const branding = await brandingOf(app.db, technicianId, app.clock());
  await sendPosMail(
    app,
    app.db,
    input.customerEmail,
    'pos_receipt',
    `Your receipt from ${branding?.businessName ?? BRAND.name}${inv ? ` for ${inv.invoiceNumber}` : ''}`,
    receiptParagraphs(rows, inv, input.customerName),
    branding,
    attachments,
  );
  return { message: 'Receipt emailed' };
}

function receiptParagraphs(
  rows: PaymentRow[],
  inv: InvoiceRow | undefined,
  customerName: string | null | undefined,
) {
  const paid = rows.filter((r) => r.status === 'succeeded');
  return [
    `Hi ${customerName || inv?.customerName || 'there'},`,
    'Thank you for your payment.',
    paid.length
      ? paid
          .map(
            (p) =>
              `${p.receiptNumber} · ${p.createdAt.toISOString().slice(0, 10)} · ${p.method} · ${formatCents(p.amountCents)}${p.tipCents > 0 ? ` + tip ${formatCents(p.tipCents)} = ${formatCents(p.amountCents + p.tipCents)} charged` : ''}`,
          )
          .join('\n')
      : 'No payment has been recorded yet.',
    inv
      ? `Invoice ${inv.invoiceNumber}: total ${formatCents(inv.totalAmountCents)}, paid ${formatCents(inv.paidAmountCents)}, balance ${formatCents(Math.max(0, inv.totalAmountCents - inv.paidAmountCents))}.`
      : '',
  ].filter(Boolean);
}
