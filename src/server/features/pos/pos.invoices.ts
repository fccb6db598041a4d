import type { FastifyInstance } from 'fastify';
import { formatCents } from '../../../shared/money';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { jobDocumentChanged } from '../../lib/job-mail';
import { isUniqueViolation } from '../../lib/db-errors';
import { nextNumber } from '../../lib/document-numbers';
import type { SessionUser } from '../../lib/session';
import { assertPosListAccess } from './pos.access';
import { invoiceOut, vehicleText } from './pos.presenters';
import {
  insertInvoice,
  listInvoiceRows,
  lockInvoice,
  processingCents,
  quoteItemsOf,
} from './pos.queries';
import { ownQuote, quotesOut } from './pos.quotes';

export async function listInvoices(
  app: FastifyInstance,
  user: SessionUser | null,
  technicianId: number,
) {
  await assertPosListAccess(app, user, technicianId);
  return (await listInvoiceRows(app.db, technicianId)).map(invoiceOut);
}

export async function createInvoice(
  app: FastifyInstance,
  user: SessionUser | null,
  quoteId: number,
) {
  const { technicianId, q } = await ownQuote(app, user, quoteId);
  if (q.status !== 'approved')
    throw new AppError(409, 'Only an approved (signed) quote can be invoiced');
  const [full] = await quotesOut(app.db, [q]);
  if (full!.invoiceId) throw new AppError(409, 'This quote already has an invoice');
  const items = await quoteItemsOf(app.db, [q.id]);
  try {
    const invoiceNumber = await nextNumber(app.db, 'invoice', app.clock());
    const row = await insertInvoice(app.db, {
      invoiceNumber,
      quoteId: q.id,
      technicianId,
      serviceRequestId: q.serviceRequestId,
      customerName: q.customerName,
      customerEmail: q.customerEmail,
      customerPhone: q.customerPhone,
      vehicleInfo: vehicleText(q),
      items: items
        .sort((a, b) => a.position - b.position)
        .map((i) => ({
          type: i.type,
          description: i.description,
          quantity: i.quantity,
          unitPriceCents: i.unitPriceCents,
          totalPriceCents: i.totalPriceCents,
          partNumber: i.partNumber,
          laborHours: i.laborHours,
        })),
      laborTotalCents: q.laborTotalCents,
      partsTotalCents: q.partsTotalCents,
      taxAmountCents: q.taxAmountCents,
      totalAmountCents: q.totalAmountCents,
    });
    const out = invoiceOut(row);
    await jobDocumentChanged(app, row.serviceRequestId, {
      kind: 'invoice',
      number: out.invoiceNumber,
      total: out.totalAmount,
    });
    return out;
  } catch (err) {
    if (isUniqueViolation(err, 'invoices_quote_id_unique'))
      throw new AppError(409, 'This quote already has an invoice');
    throw err;
  }
}

/**
 * The invoice a payment is for: the technician's own, not yet paid, the amount within the
 * balance. Card payments still `processing` count as paid: the check runs under the invoice's
 * row lock, and the caller inserts its own payment before the lock is released, so parallel
 * payments (whatever their idempotency keys) can never add up to more than the invoice.
 */
export async function payableInvoice(
  tx: DbOrTx,
  technicianId: number,
  invoiceId: number,
  amountCents: number,
) {
  const inv = await lockInvoice(tx, invoiceId);
  if (!inv) throw new AppError(404, 'Invoice not found');
  if (inv.technicianId !== technicianId)
    throw new AppError(403, 'This invoice belongs to another technician');
  if (inv.status === 'paid' || inv.paidAmountCents >= inv.totalAmountCents)
    throw new AppError(409, 'This invoice is already paid');
  const inFlight = await processingCents(tx, inv.id);
  const balance = inv.totalAmountCents - inv.paidAmountCents - inFlight;
  if (balance <= 0)
    throw new AppError(
      409,
      'This invoice is already paid: a payment for the rest of it is processing',
    );
  if (amountCents > balance)
    throw new AppError(
      409,
      inFlight > 0
        ? `Amount exceeds the balance due of ${formatCents(balance)} (counting payments still processing)`
        : `Amount exceeds the balance due of ${formatCents(balance)}`,
    );
  return inv;
}
