import { technicianCard } from '../../../domain/payment-accounts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { formatCents } from '@shared/money';
import type { depositPaymentSchema } from '@shared/schemas/pos';
import type { DbOrTx } from '../../../db/client';
import { AppError } from '../../../infra/app-error';
import { isUniqueViolation } from '../../../infra/db-errors';
import {
  assertSameRequest,
  awaitClaimedPayment,
  requestFingerprint,
} from '../../../infra/payments';
import { liveDepositsOf, liveRefundOf, lockPayment, paidDepositOf } from './pos.deposits.queries';
import { chargeCard, settleCard } from './pos.card';
import {
  claimPayment,
  findPaymentByKey,
  lockQuote,
  type PaymentRow,
  type QuoteRow,
} from '../pos.queries';

/** Deposits (ADR 017): paid by card when the customer signs, before the quote is approved. */

export const depositDueMessage = (cents: number) =>
  `This quote asks for a deposit of ${formatCents(cents)}: pay it by card to approve the quote`;
export const DEPOSIT_IN_PROGRESS = 'A deposit payment for this quote is already processing';
export const DEPOSIT_LOCKS_QUOTE = 'A deposit was taken for this quote: it can no longer be edited';
export const ALREADY_APPROVED = 'This quote is already approved';
export const DEPOSIT_REFUNDED =
  'The deposit for this quote was refunded: it can no longer be signed';

type DepositPayment = z.output<typeof depositPaymentSchema>;

/**
 * Under the quote's row lock (taken after the job's, as signing does): a signature must not
 * approve a quote whose deposit is not paid. Refuses with the amount due, or with 409 when the
 * deposit was given back (the one-live-deposit index leaves no room for a second one). The
 * deposit's row is locked too, as refunds lock it: a refund claimed first is seen here, one
 * claimed later finds the quote signed.
 */
export async function assertDepositPaid(tx: DbOrTx, quoteId: number) {
  const q = await lockQuote(tx, quoteId);
  if (q?.depositCents == null) return;
  const paid = await paidDepositOf(tx, quoteId);
  if (!paid) throw new AppError(400, depositDueMessage(q.depositCents));
  await lockPayment(tx, paid.id);
  if (await liveRefundOf(tx, paid.id)) throw new AppError(409, DEPOSIT_REFUNDED);
}

/** Refuses to edit a quote once its deposit is being paid or was paid (under its lock). */
export async function assertNoDeposit(tx: DbOrTx, quoteId: number) {
  if ((await liveDepositsOf(tx, [quoteId])).length > 0)
    throw new AppError(409, DEPOSIT_LOCKS_QUOTE);
}

/**
 * Claims the deposit's card payment as a `processing` row whose unique idempotency key is the
 * client's key scoped by quote, under the quote's lock: a duplicate (same key, same request)
 * gets null and waits for the first, the same key with another card is refused (409); a second
 * attempt with another key while one is processing is refused; a deposit already paid is
 * answered with its payment (nothing more is charged).
 */
async function claimDeposit(
  app: FastifyInstance,
  q: QuoteRow,
  key: string,
  fingerprint: string,
  provider: { name: string; merchantId: string },
  assertSignable: (tx: DbOrTx, q: QuoteRow) => Promise<void>,
): Promise<{ claimed: PaymentRow } | { paid: PaymentRow } | null> {
  try {
    return await app.db.transaction(async (tx) => {
      await assertSignable(tx, q);
      const locked = await lockQuote(tx, q.id);
      if (!locked) throw new AppError(404, 'Quote not found');
      const earlier = await findPaymentByKey(tx, key);
      if (earlier) {
        assertSameRequest(earlier, fingerprint);
        return null;
      }
      if (locked.status !== 'draft') throw new AppError(409, ALREADY_APPROVED);
      if (locked.depositCents === null) throw new AppError(409, 'This quote asks for no deposit');
      const [live] = await liveDepositsOf(tx, [q.id]);
      if (live?.status === 'succeeded') return { paid: live };
      if (live) throw new AppError(409, DEPOSIT_IN_PROGRESS);
      const claimed = await claimPayment(tx, {
        invoiceId: null,
        quoteId: q.id,
        technicianId: q.technicianId,
        method: 'card',
        amountCents: locked.depositCents,
        status: 'processing',
        provider: provider.name,
        merchantId: provider.merchantId,
        idempotencyKey: key,
        requestFingerprint: fingerprint,
        customerName: locked.customerName,
        customerEmail: locked.customerEmail,
      });
      return claimed ? { claimed } : null;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'invoice_payments_live_deposit_uq'))
      throw new AppError(409, DEPOSIT_IN_PROGRESS);
    throw err;
  }
}

/**
 * Takes the quote's deposit by card, once per idempotency key: the settled payment (succeeded
 * or failed), and whether this call charged it.
 */
export async function chargeDeposit(
  app: FastifyInstance,
  q: QuoteRow,
  payment: DepositPayment,
  assertSignable: (tx: DbOrTx, q: QuoteRow) => Promise<void>,
): Promise<{ row: PaymentRow; charged: boolean }> {
  // The technician's own account takes the deposit (ADR 030).
  const { card, merchantId } = await technicianCard(app, q.technicianId);
  const key = `deposit:${q.id}:${payment.idempotencyKey}`;
  // The amount is the quote's; what the key is bound to is the quote and the card.
  const fingerprint = requestFingerprint('deposit', { quoteId: q.id, sourceId: payment.sourceId });
  const waitForFirst = async () => ({
    row: await awaitClaimedPayment(
      async () => {
        const row = await findPaymentByKey(app.db, key);
        return row && assertSameRequest(row, fingerprint);
      },
      { onWait: () => app.metrics?.paymentRetryWaited() },
    ),
    charged: false,
  });
  const claim = await claimDeposit(
    app,
    q,
    key,
    fingerprint,
    { name: card.name, merchantId },
    assertSignable,
  );
  if (!claim) return waitForFirst();
  if ('paid' in claim) return { row: claim.paid, charged: false };

  const outcome = await chargeCard(app, card, claim.claimed, key, payment.sourceId);
  const row = await app.db.transaction((tx) => settleCard(app, tx, claim.claimed, outcome));
  // Settled meanwhile by the reconciliation sweep: its outcome stands.
  if (!row) return waitForFirst();
  return { row, charged: row.status === 'succeeded' };
}
