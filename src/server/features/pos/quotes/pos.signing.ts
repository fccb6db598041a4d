import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { QuoteSigningChannel } from '@shared/constants/domain';
import { QUOTE_CHANGED_MESSAGE, type approveQuoteSchema } from '@shared/schemas/pos';
import type { DbOrTx } from '../../../db/client';
import { AppError } from '../../../infra/app-error';
import { jobDocumentChanged } from '../../../domain/request-mail';
import type { SessionUser } from '../../../infra/session';
import { ALREADY_APPROVED, assertDepositPaid, chargeDeposit } from '../payments/pos.deposits';
import { findJobState, findQuote, lockQuote, quoteItemsOf, type QuoteRow } from '../pos.queries';
import { quoteContentHash } from './pos.quote-hash';
import { JOB_NO_LONGER_ACTIVE, ownQuote, quotesOut } from './pos.quotes';
import { refundUnsigned } from '../payments/pos.refunds';
import { approveDraftQuoteAt, insertSignatureAudit } from './pos.signatures.queries';

/** Signing a quote: the customer's signature, and the deposit when the quote asks for one. */

export type SignBody = z.output<typeof approveQuoteSchema>;

/** Where a signature comes from, for its audit trail (ADR 026). */
export type SigningContext = {
  channel: QuoteSigningChannel;
  ipAddress: string | null;
  userAgent: string | null;
};

/** What a route knows of where a request comes from. */
export const signingContext = (
  channel: QuoteSigningChannel,
  request: { ip: string; headers: Record<string, string | string[] | undefined> },
): SigningContext => {
  const ua = request.headers['user-agent'];
  return {
    channel,
    ipAddress: request.ip || null,
    userAgent: (Array.isArray(ua) ? ua[0] : ua)?.slice(0, 500) || null,
  };
};

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
 * Under the quote's row lock (taken after the job's): the quote is still the version the
 * customer was shown, with the same content when its hash was sent (409 otherwise). The quote
 * as locked, with the hash of its content.
 */
async function assertSameVersion(tx: DbOrTx, id: number, body: SignBody) {
  const q = await lockQuote(tx, id);
  if (!q) throw new AppError(404, 'Quote not found');
  if (q.status !== 'draft') throw new AppError(409, ALREADY_APPROVED);
  const contentHash = quoteContentHash(q, await quoteItemsOf(tx, [id]));
  if (q.version !== body.version || (body.contentHash && body.contentHash !== contentHash))
    throw new AppError(409, QUOTE_CHANGED_MESSAGE);
  return { q, contentHash };
}

/**
 * Stores the customer's signature and approves a draft quote, at the version they were shown
 * (409 when it changed since), with its audit trail (ADR 026). A quote that asks for a deposit
 * is approved only once its deposit is paid: with `deposit` (a card) it is charged first, once
 * per idempotency key (402 with the provider's message when declined); without, 400 with the
 * amount due (ADR 017). The version is checked before the card is charged, and again under the
 * locks that approve.
 */
export async function signQuote(
  app: FastifyInstance,
  q: QuoteRow,
  body: SignBody,
  context: SigningContext,
) {
  // The same signature sent again (a retry after a lost answer, or a twin racing it): the
  // first answer, the approved quote, before any rule is judged and without a second charge.
  if (signedWith(q, body)) return (await quotesOut(app.db, [q]))[0]!;
  try {
    return await signOnce(app, q, body, context);
  } catch (err) {
    const now =
      err instanceof AppError && err.statusCode === 409 && (await findQuote(app.db, q.id));
    if (now && signedWith(now, body)) return (await quotesOut(app.db, [now]))[0]!;
    throw err;
  }
}

async function signOnce(
  app: FastifyInstance,
  q: QuoteRow,
  body: SignBody,
  context: SigningContext,
) {
  if (q.status === 'approved') throw new AppError(409, ALREADY_APPROVED);
  if (q.version !== body.version) throw new AppError(409, QUOTE_CHANGED_MESSAGE);
  let charged: Awaited<ReturnType<typeof chargeDeposit>> | null = null;
  if (q.depositCents !== null && body.deposit) {
    charged = await chargeDeposit(app, q, body.deposit, async (tx, quote) => {
      await assertSignable(tx, quote);
      await assertSameVersion(tx, quote.id, body);
    });
    if (charged.row.status !== 'succeeded')
      throw new AppError(402, charged.row.failureMessage ?? 'The card was declined');
  }
  let row: QuoteRow | undefined;
  try {
    // Under the job's row lock, then the quote's: a job canceled or reassigned meanwhile
    // cannot slip through, nor a signature without its deposit, nor one on another version.
    row = await app.db.transaction(async (tx) => {
      await assertSignable(tx, q);
      const { q: current, contentHash } = await assertSameVersion(tx, q.id, body);
      await assertDepositPaid(tx, q.id);
      const now = app.clock();
      const signed = await approveDraftQuoteAt(tx, q.id, current.version, body.signature, now);
      if (!signed) return undefined;
      await insertSignatureAudit(tx, {
        quoteId: q.id,
        version: current.version,
        contentHash,
        signerName: body.signerName || current.customerName,
        channel: context.channel,
        ipAddress: context.ipAddress,
        userAgent: context.userAgent,
        signedAt: now,
      });
      await jobDocumentChanged(app, tx, signed.serviceRequestId, {
        kind: 'quote_signed',
        number: signed.quoteNumber,
      });
      return signed;
    });
  } catch (err) {
    // The job was canceled or given back, or the quote changed, while the card was charged:
    // the deposit goes back.
    const undone =
      err instanceof AppError &&
      (err.message === JOB_NO_LONGER_ACTIVE || err.message === QUOTE_CHANGED_MESSAGE);
    if (charged?.charged && undone) await refundUnsigned(app, charged.row);
    throw err;
  }
  if (!row) throw new AppError(409, ALREADY_APPROVED);
  return (await quotesOut(app.db, [row]))[0]!;
}

/** Approved with this very signature on this version: the same approval sent again (a replay). */
const signedWith = (q: QuoteRow | undefined, body: SignBody) =>
  q?.status === 'approved' && q.signature === body.signature && q.version === body.version;

/**
 * The technician's device approves a quote with the customer's signature, on the version shown
 * on the device. Sent again with the same signature and version (a replay from the offline
 * queue, or a twin racing it) it answers with the approved quote instead of 409; an offline
 * signature on a version edited since (on another device) is refused with 409 (ADR 026).
 */
export async function approveQuote(
  app: FastifyInstance,
  user: SessionUser | null,
  id: number,
  body: SignBody,
  context: SigningContext,
) {
  const { q } = await ownQuote(app, user, id);
  return signQuote(app, q, body, context);
}
