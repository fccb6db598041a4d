import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PAYPAL_ACCOUNT_REQUIRED, type InvoicePayPalOrder } from '@shared/schemas/invoice-paypal';
import { walletOrderReference } from '../../../domain/request-wallet';
import { walletForPayment } from '../../../domain/wallet-accounts';
import { AppError } from '../../../infra/app-error';
import { ProviderError, type WalletCapture, type WalletProvider } from '../../../infra/payments';
import { findInvoice, paymentRowsById, type CardOutcome, type PaymentRow } from '../pos.queries';
import { settleCard } from './pos.card';
import { paymentsOut } from './pos.payments';
import { orderIdOf, setOrderRef } from './pos.wallet.queries';

/**
 * One wallet attempt's order at the provider (pos.wallet): placing it under the attempt's
 * request id, reading where it is, capturing it once approved, giving it up when its payer left,
 * and settling its payment with what became of it, once (settleCard).
 */

export const ORDER_UNANSWERED = 'PayPal could not be reached. Please try again in a moment.';

const NOT_TAKEN = 'The PayPal payment was not completed.';

/**
 * The provider's request id of an attempt's order or capture (PayPal-Request-Id): stable for the
 * attempt, and short (PayPal keeps 108 characters at most).
 */
const providerKey = (purpose: 'order' | 'capture', key: string) =>
  `wr-${purpose}-${createHash('sha256').update(key).digest('hex').slice(0, 40)}`;

export const failed = (message: string, providerPaymentId?: string): CardOutcome => ({
  status: 'failed',
  failureMessage: message,
  ...(providerPaymentId ? { providerPaymentId } : {}),
  cardBrand: null,
  cardLast4: null,
});

/** Where an order is, as the provider tells it. */
export type WalletState =
  | { kind: 'settled'; outcome: CardOutcome }
  | { kind: 'pending' }
  | { kind: 'approved' }
  | { kind: 'open' };

export function stateOf(c: WalletCapture): WalletState {
  if (c.status === 'COMPLETED') {
    const capture = c.captureStatus ?? 'COMPLETED';
    // Held for review: its webhook (or the sweep) says what became of it.
    if (capture === 'PENDING') return { kind: 'pending' };
    if (capture === 'DECLINED' || capture === 'FAILED')
      return { kind: 'settled', outcome: failed('PayPal declined the payment', c.captureId) };
    return {
      kind: 'settled',
      outcome: {
        status: 'succeeded',
        failureMessage: null,
        providerPaymentId: c.captureId,
        cardBrand: null,
        cardLast4: null,
      },
    };
  }
  if (c.status === 'DECLINED')
    return { kind: 'settled', outcome: failed(c.message ?? 'PayPal declined the payment') };
  if (c.status === 'NOT_FOUND' || c.status === 'VOIDED')
    return { kind: 'settled', outcome: failed(NOT_TAKEN) };
  if (c.status === 'APPROVED') return { kind: 'approved' };
  return { kind: 'open' };
}

/**
 * A refusal from the provider (4xx other than our own credentials, a timeout or a rate limit):
 * the attempt is over. Anything else may be answered by a retry with the same request id.
 */
const refused = (err: unknown): err is ProviderError => {
  const status = Number(err instanceof ProviderError ? err.code : NaN);
  return status >= 400 && status < 500 && ![401, 408, 429].includes(status);
};

const reread = async (app: FastifyInstance, id: number) => (await paymentRowsById(app.db, id))[0]!;

/** Settles the payment with what became of its order; the row as it is after. */
export async function settle(app: FastifyInstance, row: PaymentRow, outcome: CardOutcome) {
  return (
    (await app.db.transaction((tx) => settleCard(app, tx, row, outcome))) ??
    // Settled meanwhile (the capture, its webhook, the sweep): that outcome stands.
    (await reread(app, row.id))
  );
}

/**
 * Asks the provider for the claimed payment's order (the same request id answers the same
 * order) and records it. A refusal fails the attempt (409); no answer leaves it processing
 * without an order, for a retry with the same key or the sweep (503).
 */
export async function placeOrder(
  app: FastifyInstance,
  wallet: WalletProvider,
  row: PaymentRow,
  invoiceNumber: string,
): Promise<InvoicePayPalOrder> {
  let orderId: string;
  try {
    ({ id: orderId } = await wallet.createOrder({
      // One order: what counts toward the invoice, and the tip on top (the technician's).
      amountCents: row.amountCents + row.tipCents,
      currency: 'USD',
      intent: 'CAPTURE',
      description: `Invoice ${invoiceNumber}${row.tipCents > 0 ? ' and a tip' : ''}`,
      idempotencyKey: providerKey('order', row.idempotencyKey!),
      reference: walletOrderReference(row.invoiceId!),
    }));
  } catch (err) {
    if (refused(err)) {
      await settle(app, row, failed(err.message));
      throw new AppError(409, `PayPal did not take this payment: ${err.message}`);
    }
    app.log.warn({ err, paymentId: row.id }, 'wallet order unanswered');
    throw new AppError(503, ORDER_UNANSWERED);
  }
  const stored = await setOrderRef(app.db, row.id, orderId);
  // Settled meanwhile (the sweep gave up on it): the attempt is over.
  if (!stored) return orderOfAttempt(app, await reread(app, row.id));
  const [payment] = await paymentsOut(app.db, [stored]);
  return { orderId, payment: payment! };
}

/**
 * The order of an attempt already claimed under its key: the one recorded, or (when the request
 * that claimed it has not recorded it yet, or its answer was lost) the provider's answer to the
 * same request id. 409 once the attempt is over.
 */
export async function orderOfAttempt(
  app: FastifyInstance,
  row: PaymentRow,
): Promise<InvoicePayPalOrder> {
  if (row.status === 'succeeded')
    throw new AppError(409, 'This PayPal payment already went through');
  if (row.status !== 'processing')
    throw new AppError(
      409,
      `This PayPal payment did not go through (${row.failureMessage ?? 'failed'}). Please start again.`,
    );
  const orderId = orderIdOf(row);
  if (orderId) {
    const [payment] = await paymentsOut(app.db, [row]);
    return { orderId, payment: payment! };
  }
  const wallet = await walletForPayment(app, row);
  if (!wallet) throw new AppError(409, PAYPAL_ACCOUNT_REQUIRED);
  const invoice = (await findInvoice(app.db, row.invoiceId!))!;
  return placeOrder(app, wallet, row, invoice.invoiceNumber);
}

/**
 * Gives up an order its payer has not approved (the provider says so), so that its payment no
 * longer holds the invoice's balance; one that went through after all is settled as such, one
 * approved or under review is left to its capture (or the sweep). The row as it is after.
 */
export async function giveUpUnapproved(app: FastifyInstance, row: PaymentRow, message: string) {
  const orderId = orderIdOf(row);
  const wallet = await walletForPayment(app, row);
  if (!orderId || !wallet) return row;
  let state: WalletState;
  try {
    state = stateOf(await wallet.lookup(orderId));
  } catch (err) {
    app.log.warn({ err, paymentId: row.id }, 'wallet order lookup failed');
    return row;
  }
  if (state.kind === 'settled') return settle(app, row, state.outcome);
  if (state.kind === 'open') return settle(app, row, failed(message));
  return row;
}

/**
 * Captures an approved order and settles its payment with the outcome; a capture PayPal holds
 * for review leaves it processing (its webhook settles it). The order is read first: one not
 * approved yet is not sent to capture (PayPal would keep that refusal under the capture's request
 * id), one captured already (a lost answer) is settled from its capture. A provider error is
 * thrown as it is: the capture may have happened, so the payment stays processing for the sweep.
 */
export async function captureAndSettle(
  app: FastifyInstance,
  wallet: WalletProvider,
  row: PaymentRow,
  orderId: string,
): Promise<{ row: PaymentRow; state: WalletState }> {
  let state = stateOf(await wallet.lookup(orderId));
  if (state.kind === 'approved')
    state = stateOf(
      await wallet.captureOrder(orderId, providerKey('capture', row.idempotencyKey!)),
    );
  if (state.kind !== 'settled') return { row, state };
  const settled = await settle(app, row, state.outcome);
  if (settled.status !== state.outcome.status && state.outcome.status === 'succeeded')
    // Given up a moment before its payer approved it (their cancel, the sweep): the money
    // moved for a payment recorded as failed. Never silent.
    app.log.error(
      { paymentId: row.id, orderId, captureId: state.outcome.providerPaymentId },
      'a wallet order was captured after its payment was given up: refund it from the provider',
    );
  return { row: settled, state };
}
