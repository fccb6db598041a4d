import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { BRAND } from '../../../shared/brand';
import { ACTIVE_JOB_STATUSES } from '../../../shared/jobs';
import { quoteTotals, toCents } from '../../../shared/money';
import { MAX_INT4 } from '../../../shared/schemas/common';
import type { createQuoteSchema, PublicQuote, Quote } from '../../../shared/schemas/pos';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { jobDocumentChanged } from '../../lib/job-mail';
import { nextNumber } from '../../lib/document-numbers';
import { publicBaseUrl } from '../../lib/public-url';
import { hashToken, type SessionUser } from '../../lib/session';
import { assertPosListAccess, posTechnician } from './pos.access';
import { sendPosMail } from './pos.mail';
import { publicQuoteOut, quoteOut, vehicleText } from './pos.presenters';
import {
  approveDraftQuote,
  findJobState,
  findQuote,
  findQuoteByTokenHash,
  insertQuote,
  invoiceIdsOfQuotes,
  listQuoteRows,
  quoteItemsOf,
  setApprovalToken,
  type QuoteRow,
} from './pos.queries';
import { quoteApprovalPath } from '../../../shared/paths';

const APPROVAL_LINK_DAYS = 14;
export const NOT_ACTIVE_JOB = 'This job is not one of your active jobs';
export const JOB_NO_LONGER_ACTIVE = 'This job is no longer active';

const isActive = (status: string) => (ACTIVE_JOB_STATUSES as readonly string[]).includes(status);

/** A quote may be made for a job assigned to this technician and still under way. */
async function assertActiveJobOf(db: DbOrTx, serviceRequestId: number, technicianId: number) {
  const job = await findJobState(db, serviceRequestId, true);
  if (!job || job.assignedTechnicianId !== technicianId || !isActive(job.status))
    throw new AppError(409, NOT_ACTIVE_JOB);
}

/**
 * A quote of a job can no longer be signed once the job is canceled or has gone to another
 * technician (the technician gave it back, or it was re-dispatched).
 */
async function assertSignable(db: DbOrTx, q: QuoteRow) {
  if (q.serviceRequestId === null) return;
  const job = await findJobState(db, q.serviceRequestId, true);
  if (!job || job.status === 'canceled' || job.assignedTechnicianId !== q.technicianId)
    throw new AppError(409, JOB_NO_LONGER_ACTIVE);
}

export async function loadQuote(db: DbOrTx, id: number) {
  const q = await findQuote(db, id);
  if (!q) throw new AppError(404, 'Quote not found');
  return q;
}

/** The quote, when it belongs to the signed-in point-of-sale technician. */
export async function ownQuote(app: FastifyInstance, user: SessionUser | null, id: number) {
  const technicianId = await posTechnician(app, user);
  const q = await loadQuote(app.db, id);
  if (q.technicianId !== technicianId)
    throw new AppError(403, 'This quote belongs to another technician');
  return { technicianId, q };
}

/** The quotes with their items and the id of the invoice made from each. */
export async function quotesOut(db: DbOrTx, rows: QuoteRow[]): Promise<Quote[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [items, invs] = await Promise.all([quoteItemsOf(db, ids), invoiceIdsOfQuotes(db, ids)]);
  const invoiceOf = new Map(invs.map((i) => [i.quoteId, i.id]));
  return rows.map((q) =>
    quoteOut(
      q,
      items.filter((i) => i.quoteId === q.id),
      invoiceOf.get(q.id) ?? null,
    ),
  );
}

export async function listQuotes(
  app: FastifyInstance,
  user: SessionUser | null,
  technicianId: number,
) {
  await assertPosListAccess(app, user, technicianId);
  return quotesOut(app.db, await listQuoteRows(app.db, technicianId));
}

export async function createQuote(
  app: FastifyInstance,
  user: SessionUser | null,
  input: z.output<typeof createQuoteSchema>,
) {
  const technicianId = await posTechnician(app, user);
  const lines = input.items.map((i) => ({
    type: i.type,
    quantity: i.quantity,
    unitPriceCents: toCents(i.unitPrice),
  }));
  const totals = quoteTotals(lines, input.taxRate);
  if (totals.totalAmountCents > MAX_INT4) throw new AppError(400, 'The quote total is too large');
  const serviceRequestId = input.serviceRequestId ?? null;
  const created = await app.db.transaction(async (tx) => {
    if (serviceRequestId !== null) await assertActiveJobOf(tx, serviceRequestId, technicianId);
    return insertQuote(
      tx,
      {
        quoteNumber: await nextNumber(tx, 'quote', app.clock()),
        technicianId,
        serviceRequestId,
        customerName: input.customerName,
        customerEmail: input.customerEmail,
        customerPhone: input.customerPhone,
        vehicleYear: input.vehicleYear,
        vehicleMake: input.vehicleMake,
        vehicleModel: input.vehicleModel,
        vehicleVin: input.vehicleVin,
        vehicleMileage: input.vehicleMileage,
        notes: input.notes,
        taxRate: input.taxRate.toFixed(2),
        laborTotalCents: totals.laborTotalCents,
        partsTotalCents: totals.partsTotalCents,
        taxAmountCents: totals.taxAmountCents,
        totalAmountCents: totals.totalAmountCents,
      },
      input.items.map((i, position) => ({
        position,
        type: i.type,
        description: i.description,
        quantity: String(i.quantity),
        unitPriceCents: lines[position]!.unitPriceCents,
        totalPriceCents: totals.lineTotalsCents[position]!,
        partNumber: i.type === 'part' ? i.partNumber : null,
        laborHours: i.type === 'labor' && i.laborHours != null ? String(i.laborHours) : null,
      })),
    );
  });
  const [out] = await quotesOut(app.db, [created]);
  await jobDocumentChanged(app, created.serviceRequestId, {
    kind: 'quote',
    number: out!.quoteNumber,
    total: out!.totalAmount,
  });
  return out!;
}

/** Stores the customer's signature and approves a draft quote. */
export async function signQuote(app: FastifyInstance, q: QuoteRow, signature: string) {
  if (q.status === 'approved') throw new AppError(409, 'This quote is already approved');
  // Under the job's row lock: a job canceled or reassigned meanwhile cannot slip through.
  const row = await app.db.transaction(async (tx) => {
    await assertSignable(tx, q);
    return approveDraftQuote(tx, q.id, signature, app.clock());
  });
  if (!row) throw new AppError(409, 'This quote is already approved');
  await jobDocumentChanged(app, row.serviceRequestId, { kind: 'quote_signed' });
  return (await quotesOut(app.db, [row]))[0]!;
}

export async function approveQuote(
  app: FastifyInstance,
  user: SessionUser | null,
  id: number,
  signature: string,
) {
  const { q } = await ownQuote(app, user, id);
  return signQuote(app, q, signature);
}

export async function emailQuote(
  app: FastifyInstance,
  user: SessionUser | null,
  input: { quoteId: number; customerEmail: string; customerName?: string | null },
) {
  const { q } = await ownQuote(app, user, input.quoteId);
  const token = randomBytes(32).toString('base64url');
  const link = `${publicBaseUrl(app.config)}${quoteApprovalPath(token)}`;
  // The link's token and the e-mail that carries it commit together.
  await app.db.transaction(async (tx) => {
    await setApprovalToken(tx, q.id, {
      approvalTokenHash: hashToken(token),
      approvalTokenExpiresAt: new Date(app.clock().getTime() + APPROVAL_LINK_DAYS * 86_400_000),
      customerEmail: q.customerEmail ?? input.customerEmail,
    });
    const [full] = await quotesOut(tx, [q]);
    await sendPosMail(
      app,
      tx,
      input.customerEmail,
      'pos_quote',
      `Your quote ${q.quoteNumber} from ${BRAND.name}`,
      [
        `Hi ${input.customerName || q.customerName},`,
        `Here is your quote ${q.quoteNumber}${vehicleText(q) ? ` for your ${vehicleText(q)}` : ''}.`,
        full!.items
          .map((i) => `${i.description} (${i.quantity} x $${i.unitPrice}): $${i.totalPrice}`)
          .join('\n'),
        `Labor: $${full!.laborTotal}\nParts: $${full!.partsTotal}\nTax (${full!.taxRate}%): $${full!.taxAmount}\nTotal: $${full!.totalAmount}`,
        q.status === 'draft'
          ? `Review and sign it on your own device (the link works for ${APPROVAL_LINK_DAYS} days):\n${link}`
          : 'This quote is already approved. Thank you!',
      ],
    );
  });
  return { message: 'Quote emailed' };
}

/** The public remote-approval page: the quote behind an unexpired token. */
export async function quoteByToken(
  app: FastifyInstance,
  token: string,
): Promise<{ q: QuoteRow; view: PublicQuote }> {
  const row = await findQuoteByTokenHash(app.db, hashToken(token));
  if (!row || !row.q.approvalTokenExpiresAt || row.q.approvalTokenExpiresAt <= app.clock())
    throw new AppError(404, 'This quote link is invalid or has expired');
  const [full] = await quotesOut(app.db, [row.q]);
  return {
    q: row.q,
    view: publicQuoteOut(full!, `${row.first} ${row.last}`.trim(), row.q.approvalTokenExpiresAt),
  };
}
