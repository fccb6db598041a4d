import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../infra/app-error';
import type { SessionUser } from '../../../infra/session';
import { ownTechnician } from '../billing.common';
import { adminPaymentOut, paymentRecordOut, paymentsCsv } from '../billing.presenters';
import {
  adminPaymentsPage,
  allTechnicianPayments,
  countPayments,
  receiptRow,
  technicianPaymentsPage,
  technicianPaymentTotals,
} from '../billing.queries';

/** One page of the technician's payments, and the totals over all of them. */
export async function history(
  app: FastifyInstance,
  user: SessionUser | null,
  page: number,
  pageSize: number,
) {
  const technicianId = ownTechnician(user);
  const [rows, totals] = await Promise.all([
    technicianPaymentsPage(app.db, technicianId, page, pageSize),
    technicianPaymentTotals(app.db, technicianId),
  ]);
  return { totals, items: rows.map(paymentRecordOut) };
}

export async function historyCsv(app: FastifyInstance, user: SessionUser | null) {
  const technicianId = ownTechnician(user);
  return paymentsCsv(await allTechnicianPayments(app.db, technicianId));
}

/** A payment with its payer, for its own technician or an admin. */
export const PLAN_PAYMENT_FAILED = 'This charge failed: a failed charge has no receipt';
export const PLAN_PAYMENT_PROCESSING =
  'This charge is still processing: its receipt comes once it goes through';

export async function receipt(app: FastifyInstance, user: SessionUser | null, id: number) {
  const row = await receiptRow(app.db, id);
  if (!row) throw new AppError(404, 'Receipt not found');
  if (user?.role !== 'admin' && user?.technicianId !== row.p.technicianId)
    throw new AppError(403, 'This receipt belongs to another technician');
  // A receipt is for money taken: a failed or unfinished charge has none.
  if (row.p.status === 'processing') throw new AppError(409, PLAN_PAYMENT_PROCESSING);
  if (row.p.status !== 'succeeded' || !row.p.receiptNumber)
    throw new AppError(409, PLAN_PAYMENT_FAILED);
  return row;
}

export async function adminPayments(app: FastifyInstance, page: number) {
  const rows = await adminPaymentsPage(app.db, page);
  const total = await countPayments(app.db);
  return { total, items: rows.map(adminPaymentOut) };
}
