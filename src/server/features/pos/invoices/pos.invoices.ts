import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { formatCents } from '@shared/money';
import type { createInvoiceSchema, Invoice } from '@shared/schemas/pos';
import type { DbOrTx } from '../../../db/client';
import { AppError } from '../../../infra/app-error';
import { jobDocumentChanged } from '../../../domain/request-mail';
import { nextNumber } from '../../../domain/document-numbers';
import type { SessionUser } from '../../../infra/session';
import { assertPosListAccess, posTechnician } from '../pos.access';
import { assertSameReplay, quoteIdOf } from '../pos.client-ids';
import { invoiceOut, vehicleText } from '../pos.presenters';
import { attachDeposit } from '../payments/pos.deposits.queries';
import {
  addToInvoice,
  findInvoice,
  findInvoiceByClientId,
  insertInvoice,
  listInvoiceRows,
  lockInvoice,
  processingCents,
  quoteItemsOf,
} from '../pos.queries';
import { ownQuote, quotesOut } from '../quotes/pos.quotes';

const ALREADY_INVOICED = 'This quote already has an invoice';

export async function listInvoices(
  app: FastifyInstance,
  user: SessionUser | null,
  technicianId: number,
) {
  await assertPosListAccess(app, user, technicianId);
  return (await listInvoiceRows(app.db, technicianId)).map(invoiceOut);
}

/**
 * An invoice from an approved quote (named by id, or by client id when it was made offline).
 * With a client id the technician already used, the invoice made the first time
 * (`created: false`); 409 when that one is for another quote.
 */
export async function createInvoice(
  app: FastifyInstance,
  user: SessionUser | null,
  input: z.output<typeof createInvoiceSchema>,
): Promise<{ created: boolean; invoice: Invoice }> {
  const technicianId = await posTechnician(app, user);
  const quoteId = await quoteIdOf(app.db, technicianId, input);
  const clientId = input.clientId ?? null;
  const earlier = async () => {
    const inv = clientId && (await findInvoiceByClientId(app.db, technicianId, clientId));
    if (!inv) return null;
    assertSameReplay(inv.quoteId === quoteId);
    return { created: false, invoice: invoiceOut(inv) };
  };
  const replay = await earlier();
  if (replay) return replay;
  // Invoiced meanwhile: by a twin with this client id (its invoice answers), or by another.
  const invoiced = async () => {
    const twin = await earlier();
    if (twin) return twin;
    throw new AppError(409, ALREADY_INVOICED);
  };

  const { q } = await ownQuote(app, user, quoteId);
  if (q.status !== 'approved')
    throw new AppError(409, 'Only an approved (signed) quote can be invoiced');
  const [full] = await quotesOut(app.db, [q]);
  if (full!.invoiceId) return invoiced();
  const items = await quoteItemsOf(app.db, [q.id]);
  const out = await app.db.transaction(async (tx) => {
    const invoiceNumber = await nextNumber(tx, 'invoice', app.clock());
    const row = await insertInvoice(tx, {
      invoiceNumber,
      quoteId: q.id,
      technicianId,
      serviceRequestId: q.serviceRequestId,
      clientId,
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
      taxRate: q.taxRate,
      laborTaxRate: q.laborTaxRate,
      taxJurisdiction: q.taxJurisdiction,
      taxOverrideReason: q.taxOverrideReason,
      warrantyMonths: q.warrantyMonths,
      warrantyMiles: q.warrantyMiles,
      taxAmountCents: q.taxAmountCents,
      totalAmountCents: q.totalAmountCents,
    });
    // Stopped by a unique rule: a twin with this client id won, or the quote has another invoice.
    if (!row) return null;
    // The quote's paid deposit is a payment against this invoice (ADR 017).
    const deposit = await attachDeposit(tx, q.id, row.id);
    if (deposit > 0) await addToInvoice(tx, row.id, deposit, app.clock());
    const created = invoiceOut((await findInvoice(tx, row.id))!);
    await jobDocumentChanged(app, tx, row.serviceRequestId, {
      kind: 'invoice',
      id: row.id,
      number: created.invoiceNumber,
      total: created.totalAmount,
      paid: created.paidAmount,
      balance: created.balanceDue,
    });
    return created;
  });
  if (!out) return invoiced();
  return { created: true, invoice: out };
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
