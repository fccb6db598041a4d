import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../../db/client';
import type { ProviderPaymentEvent, ProviderRefundEvent } from '../../../domain/provider-events';
import { squareReferenceOf } from '../../../infra/payments/square';
import {
  paymentByProviderRef,
  processingPaymentsOfProvider,
  recordPlanRefund,
  updatePayment,
} from '../billing.queries';
import { settleIn } from './billing.purchases';

/**
 * A provider's webhook about a plan payment, in the worker's transaction: a card purchase or
 * renewal still `processing` is settled at once (found by Square's payment id, or by the
 * reference id our charge derived from its idempotency key), as the reconciliation sweep would
 * (ADR 007); the processing fee is kept. A wallet order (PayPal) is left to its capture or the
 * sweep, which read the payer's saved wallet from the order. Whether the event named one.
 */
export async function applyProviderPayment(
  app: FastifyInstance,
  tx: DbOrTx,
  e: ProviderPaymentEvent,
): Promise<boolean> {
  let row =
    (await paymentByProviderRef(tx, e.provider, e.providerPaymentId)) ??
    (e.orderId ? await paymentByProviderRef(tx, e.provider, e.orderId) : undefined);
  if (!row && e.provider === 'square' && e.referenceId) {
    const processing = await processingPaymentsOfProvider(tx, e.provider);
    row = processing.find(
      (p) => p.idempotencyKey && squareReferenceOf(p.idempotencyKey) === e.referenceId,
    );
  }
  if (!row) return false;
  const walletOrder = row.idempotencyKey?.startsWith('order:') ?? false;
  if (row.status === 'processing' && e.status !== 'pending' && !walletOrder)
    await settleIn(
      app,
      tx,
      row,
      e.status === 'succeeded'
        ? { status: 'succeeded', providerPaymentId: e.providerPaymentId }
        : { status: 'failed', message: `The payment was ${e.providerStatus}` },
    );
  if (e.feeCents !== undefined) await updatePayment(tx, row.id, { processingFeeCents: e.feeCents });
  return true;
}

/**
 * A refund the provider reports on a plan payment (made in its dashboard: the app makes none),
 * recorded once per refund id and taken off what the technician paid (their history, the
 * platform's revenue). Whether the event named a plan payment.
 */
export async function applyProviderRefund(tx: DbOrTx, e: ProviderRefundEvent): Promise<boolean> {
  const row = await paymentByProviderRef(tx, e.provider, e.providerPaymentId);
  if (!row) return false;
  if (e.status === 'succeeded' && e.amountCents > 0)
    await recordPlanRefund(tx, {
      paymentId: row.id,
      provider: e.provider,
      providerRefundId: e.providerRefundId,
      amountCents: e.amountCents,
    });
  return true;
}
