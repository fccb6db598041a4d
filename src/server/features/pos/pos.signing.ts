import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { depositPaymentSchema } from '../../../shared/schemas/pos';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { jobDocumentChanged } from '../../lib/job-mail';
import type { SessionUser } from '../../lib/session';
import { ALREADY_APPROVED, assertDepositPaid, chargeDeposit } from './pos.deposits';
import { approveDraftQuote, findJobState, findQuote, type QuoteRow } from './pos.queries';
import { JOB_NO_LONGER_ACTIVE, ownQuote, quotesOut } from './pos.quotes';
import { refundUnsigned } from './pos.refunds';

/** Signing a quote: the customer's signature, and the deposit when the quote asks for one. */

type DepositPayment = z.output<typeof depositPaymentSchema>;

/**
 * A quote of a job can no longer be signed once the job is canceled or has gone to another
 * technician (the technician gave it back, or it was re-dispatched).
 */
export async function assertSignable(db: DbOrTx, q: QuoteRow) {
  if (q.serviceRequestId === null) return;
  const job = await findJobState(db, q.serviceRequestId, true);
  if (!job || job.status === 'canceled' || job.assignedTechnicianId !== q.technicianId)
    throw new AppError(409, JOB_NO_LONGER_ACTIVE);
}

/**
 * Stores the customer's signature and approves a draft quote. A quote that asks for a deposit
 * is approved only once its deposit is paid: with `deposit` (a card) it is charged first, once
 * per idempotency key (402 with the provider's message when declined); without, 400 with the
 * amount due (ADR 017).
 */
export async function signQuote(
  app: FastifyInstance,
  q: QuoteRow,
  signature: string,
  deposit?: DepositPayment,
) {
  if (q.status === 'approved') throw new AppError(409, ALREADY_APPROVED);
  let charged: Awaited<ReturnType<typeof chargeDeposit>> | null = null;
  if (q.depositCents !== null && deposit) {
    charged = await chargeDeposit(app, q, deposit, assertSignable);
    if (charged.row.status !== 'succeeded')
      throw new AppError(402, charged.row.failureMessage ?? 'The card was declined');
  }
  let row: QuoteRow | undefined;
  try {
    // Under the job's row lock, then the quote's: a job canceled or reassigned meanwhile
    // cannot slip through, nor a signature without its deposit.
    row = await app.db.transaction(async (tx) => {
      await assertSignable(tx, q);
      await assertDepositPaid(tx, q.id);
      const signed = await approveDraftQuote(tx, q.id, signature, app.clock());
      if (signed)
        await jobDocumentChanged(app, tx, signed.serviceRequestId, { kind: 'quote_signed' });
      return signed;
    });
  } catch (err) {
    // The job was canceled or given back while the card was charged: the deposit goes back.
    if (charged?.charged && err instanceof AppError && err.message === JOB_NO_LONGER_ACTIVE)
      await refundUnsigned(app, charged.row);
    throw err;
  }
  if (!row) throw new AppError(409, ALREADY_APPROVED);
  return (await quotesOut(app.db, [row]))[0]!;
}

/** Approved with this very signature: the same approval sent again (a replay). */
const signedWith = (q: QuoteRow | undefined, signature: string) =>
  q?.status === 'approved' && q.signature === signature;

/**
 * The technician's device approves a quote with the customer's signature. Sent again with the
 * same signature (a replay from the offline queue, or a twin racing it) it answers with the
 * approved quote instead of 409.
 */
export async function approveQuote(
  app: FastifyInstance,
  user: SessionUser | null,
  id: number,
  signature: string,
  deposit?: DepositPayment,
) {
  const { q } = await ownQuote(app, user, id);
  if (signedWith(q, signature)) return (await quotesOut(app.db, [q]))[0]!;
  try {
    return await signQuote(app, q, signature, deposit);
  } catch (err) {
    const now = err instanceof AppError && err.statusCode === 409 && (await findQuote(app.db, id));
    if (now && signedWith(now, signature)) return (await quotesOut(app.db, [now]))[0]!;
    throw err;
  }
}
