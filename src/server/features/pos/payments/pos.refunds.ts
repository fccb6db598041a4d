import { invoiceShareOfRefund, jobOfPayment } from './pos.card';
import { cardForPayment } from '../../../domain/payment-accounts';
import { isWalletPayment, walletForPayment } from '../../../domain/wallet-accounts';
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { BRAND } from '@shared/brand';
import { centsToDecimal, formatCents } from '@shared/money';
import type { DbOrTx } from '../../../db/client';
import { AppError } from '../../../infra/app-error';
import { jobDocumentChanged } from '../../../domain/request-mail';
import {
  awaitClaimedPayment,
  IDEMPOTENCY_KEY_REUSED,
  RECONCILE_AFTER_MS,
  type RefundResult,
} from '../../../infra/payments';
import type { SessionUser } from '../../../infra/session';
import { posTechnician } from '../pos.access';
import {
  insertRefund,
  liveRefundOf,
  lockPayment,
  refundableDepositsOfJob,
  refundById,
  refundByKey,
  settleProcessingRefund,
  stuckRefunds,
  subtractFromInvoice,
  type RefundRow,
} from './pos.deposits.queries';
import { sendPosMail } from '../pos.mail';
import { paymentsOut } from './pos.payments';
import { lockInvoice, paymentRowsById, type PaymentRow } from '../pos.queries';

/**
 * Refunds (ADR 017), as ADR 006 does charges: the idempotency key is claimed by a
 * `payment_refunds` row first (at most one refund under way or done per payment, a unique
 * index), the provider is asked with a key derived from it, and the outcome is settled once,
 * under the invoice's then the payment's lock. A refund the provider did not answer stays
 * `processing` and the reconciliation sweep asks again with the same key.
 */

export const NOT_REFUNDABLE = 'Only a card or PayPal payment that went through can be refunded';
export const ALREADY_REFUNDED = 'This payment has already been refunded';

/** The provider's idempotency key for a refund: short (Square takes 45 characters), stable. */
const providerKey = (key: string) =>
  `rf-${createHash('sha256').update(key).digest('hex').slice(0, 40)}`;

/**
 * Claims a full refund of a payment under its lock (the caller's transaction): all that was
 * charged, the tip with it.
 */
export function claimRefund(tx: DbOrTx, p: PaymentRow, key: string, reason: string) {
  return insertRefund(tx, {
    paymentId: p.id,
    technicianId: p.technicianId,
    amountCents: p.amountCents + p.tipCents,
    status: 'processing',
    provider: p.provider ?? 'none',
    idempotencyKey: key,
    reason,
  });
}

/** The provider that took the payment gives the money back. */
async function askProvider(app: FastifyInstance, r: RefundRow, p: PaymentRow) {
  // The account that took the payment gives it back (ADR 030): a card's, or the PayPal seller's
  // (on whose behalf the platform asks).
  const wallet = isWalletPayment(p);
  const provider = wallet ? await walletForPayment(app, p) : await cardForPayment(app, p);
  if (!provider || (!wallet && provider.name !== r.provider) || !p.providerPaymentId)
    return {
      status: 'failed',
      message: p.merchantId
        ? 'The payment account that took this payment is no longer connected. Connect it again to refund.'
        : 'The payment provider that took this payment is not configured',
    } satisfies RefundResult;
  return provider.refund(p.providerPaymentId, r.amountCents, providerKey(r.idempotencyKey));
}

/** Tells the customer their money went back, in the transaction that settled the refund. */
async function refundMail(app: FastifyInstance, tx: DbOrTx, r: RefundRow, p: PaymentRow) {
  if (!p.customerEmail) return;
  await sendPosMail(
    app,
    tx,
    p.customerEmail,
    'pos_refund',
    `Your payment of ${formatCents(r.amountCents)} was refunded`,
    [
      `Hi ${p.customerName ?? 'there'},`,
      r.reason === 'job_given_back'
        ? `Your technician could not take on your job, so the deposit of ${formatCents(r.amountCents)} (receipt ${p.receiptNumber}) was refunded to your card.`
        : r.reason === 'customer_canceled'
          ? `You canceled your job in time, so the deposit of ${formatCents(r.amountCents)} (receipt ${p.receiptNumber}) was refunded to your card.`
          : `Your payment of ${formatCents(r.amountCents)} (receipt ${p.receiptNumber}) was refunded to your ${isWalletPayment(p) ? 'PayPal account' : 'card'}.`,
      `It can take a few days to show on your statement. — ${BRAND.name}`,
    ],
  );
}

/**
 * Records the provider's answer once: a success takes the money off the invoice the payment
 * counts toward (if any) and e-mails the customer. The invoice is locked before the payment
 * (as every payment transaction does); if the payment was attached to an invoice meanwhile,
 * the transaction starts again with that invoice's lock.
 */
async function settleRefund(app: FastifyInstance, r: RefundRow, result: RefundResult) {
  for (;;) {
    const [before] = await paymentRowsById(app.db, r.paymentId);
    const settled = await app.db.transaction(async (tx) => {
      if (before!.invoiceId) await lockInvoice(tx, before!.invoiceId);
      const p = (await lockPayment(tx, r.paymentId))!;
      if (p.invoiceId !== before!.invoiceId) return null;
      const row = await settleProcessingRefund(
        tx,
        r.id,
        result.status === 'succeeded'
          ? { status: 'succeeded', providerRefundId: result.providerRefundId }
          : {
              status: 'failed',
              failureMessage: result.message,
              providerRefundId: result.providerRefundId ?? null,
            },
      );
      if (!row) return (await refundById(tx, r.id))!;
      if (row.status !== 'succeeded') return row;
      if (p.invoiceId)
        await subtractFromInvoice(tx, p.invoiceId, invoiceShareOfRefund(p, row.amountCents));
      await refundMail(app, tx, row, p);
      await jobDocumentChanged(app, tx, await jobOfPayment(tx, p), {
        kind: 'refund',
        amount: centsToDecimal(row.amountCents),
        receiptNumber: p.receiptNumber,
      });
      return row;
    });
    if (settled) return settled;
  }
}

/**
 * Asks the provider for a claimed refund and settles it. A provider that cannot be reached
 * leaves it `processing` for the sweep (the same key is safe to send again).
 */
export async function runRefund(app: FastifyInstance, r: RefundRow): Promise<RefundRow> {
  const [p] = await paymentRowsById(app.db, r.paymentId);
  let result: RefundResult;
  try {
    result = await askProvider(app, r, p!);
  } catch (err) {
    app.log.warn({ err, refundId: r.id }, 'refund not answered; the sweep will ask again');
    return r;
  }
  return settleRefund(app, r, result);
}

export async function runRefunds(app: FastifyInstance, ids: number[]) {
  for (const id of ids) {
    const r = await refundById(app.db, id);
    if (r?.status === 'processing')
      await runRefund(app, r).catch((err: unknown) =>
        app.log.error({ err, refundId: id }, 'refund failed'),
      );
  }
}

/** Why a job's deposits go back: the technician gave it back, or the customer canceled in time. */
export type JobRefundReason = 'job_given_back' | 'customer_canceled';

/**
 * In the transaction of the move that ends the technician's part (ADR 010: they give the job
 * back; ADR 043: the customer cancels in time): claims the refund of every deposit they took on
 * it. The refunds are asked for after the move commits (runRefunds).
 */
export async function claimJobDepositRefunds(
  tx: DbOrTx,
  serviceRequestId: number,
  technicianId: number,
  reason: JobRefundReason,
): Promise<number[]> {
  const ids: number[] = [];
  for (const p of await refundableDepositsOfJob(tx, serviceRequestId, technicianId)) {
    const locked = (await lockPayment(tx, p.id))!;
    const r = await claimRefund(
      tx,
      locked,
      `${reason === 'job_given_back' ? 'job-given-back' : 'customer-canceled'}:${serviceRequestId}:${p.id}`,
      reason,
    );
    if (r) ids.push(r.id);
  }
  return ids;
}

/** A deposit charged for a quote that could not be signed after all goes straight back. */
export async function refundUnsigned(app: FastifyInstance, p: PaymentRow) {
  const r = await app.db.transaction(async (tx) => {
    const locked = (await lockPayment(tx, p.id))!;
    return claimRefund(tx, locked, `unsigned:${p.id}`, 'job_given_back');
  });
  if (r) await runRefund(app, r);
}

/**
 * The technician refunds one of their card payments in full (POST /api/pos/payments/{id}/refund):
 * once per idempotency key; another key while a refund is under way or done is refused.
 */
export async function refundPayment(
  app: FastifyInstance,
  user: SessionUser | null,
  paymentId: number,
  clientKey: string,
) {
  const technicianId = await posTechnician(app, user);
  const key = `refund:${technicianId}:${clientKey}`;
  const claim = await app.db.transaction(async (tx) => {
    const [first] = await paymentRowsById(tx, paymentId);
    if (!first) throw new AppError(404, 'Payment not found');
    if (first.technicianId !== technicianId)
      throw new AppError(403, 'This payment belongs to another technician');
    if (first.invoiceId) await lockInvoice(tx, first.invoiceId);
    const p = (await lockPayment(tx, paymentId))!;
    const prior = await refundByKey(tx, key);
    if (prior) {
      // The request a refund's key is bound to is the payment it gives back.
      if (prior.paymentId !== paymentId) throw new AppError(409, IDEMPOTENCY_KEY_REUSED);
      return { row: prior, fresh: false };
    }
    if (
      (p.method !== 'card' && !isWalletPayment(p)) ||
      p.status !== 'succeeded' ||
      !p.providerPaymentId
    )
      throw new AppError(409, NOT_REFUNDABLE);
    if (await liveRefundOf(tx, paymentId)) throw new AppError(409, ALREADY_REFUNDED);
    const row = await claimRefund(tx, p, key, 'technician');
    if (!row) throw new AppError(409, ALREADY_REFUNDED);
    return { row, fresh: true };
  });
  const r = claim.fresh
    ? await runRefund(app, claim.row)
    : await awaitClaimedPayment(() => refundByKey(app.db, key), {
        onWait: () => app.metrics?.paymentRetryWaited(),
      });
  if (r.status === 'failed')
    throw new AppError(409, `The refund did not go through: ${r.failureMessage ?? 'refused'}`);
  const [p] = await paymentRowsById(app.db, paymentId);
  return (await paymentsOut(app.db, [p!]))[0]!;
}

/** Refunds the provider did not answer, asked again with the same key (ADR 007's sweep). */
export async function reconcileRefunds(app: FastifyInstance) {
  const results = { succeeded: 0, failed: 0, pending: 0 };
  const stuck = await stuckRefunds(app.db, new Date(app.clock().getTime() - RECONCILE_AFTER_MS));
  for (const r of stuck) {
    const settled = await runRefund(app, r);
    if (settled.status === 'processing') results.pending++;
    else results[settled.status]++;
  }
  return results;
}
