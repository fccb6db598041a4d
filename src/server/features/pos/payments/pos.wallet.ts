import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { tipCents, type TipRule } from '@shared/money';
import { WALLET_PROVIDER_NAMES } from '@shared/schemas/billing';
import { PAYPAL_ACCOUNT_REQUIRED, type InvoicePayPalOrder } from '@shared/schemas/invoice-paypal';
import { TIP_MESSAGES } from '@shared/schemas/pos';
import { walletOrderReference, type JobWallet } from '../../../domain/job-wallet';
import { technicianWallet, walletForPayment } from '../../../domain/wallet-accounts';
import { AppError } from '../../../infra/app-error';
import {
  assertSameRequest,
  ProviderError,
  RECONCILE_AFTER_MS,
  type WalletCapture,
  type WalletProvider,
} from '../../../infra/payments';
import { payableInvoice } from '../invoices/pos.invoices';
import { cardOutcomeOut } from '../pos.presenters';
import {
  claimPayment,
  findInvoice,
  findPaymentByKey,
  paymentRowsById,
  type CardOutcome,
  type InvoiceRow,
  type PaymentRow,
} from '../pos.queries';
import { settleCard } from './pos.card';
import { paymentsOut } from './pos.payments';
import {
  openOrdersOfInvoice,
  orderIdOf,
  orderRef,
  setOrderRef,
  STUCK_WALLET_PAGE,
  stuckWalletPayments,
  walletPaymentOf,
} from './pos.wallet.queries';

/**
 * A customer pays a job's invoice through the wallet (PayPal, or the built-in sandbox's) into
 * the technician's own account (ADR 030), as card payments are taken (ADR 006, 007, 032): the
 * attempt is claimed by a `processing` payment under the client's idempotency key (method
 * 'digital', the wallet's provider, the seller's merchant id) before the provider is asked for
 * an order; the order's capture, PayPal's webhook or the reconciliation sweep settles it through
 * settleCard, once, whichever comes first, so that the receipt is numbered and e-mailed and the
 * invoice paid exactly as a card payment's.
 */

/** The wallet providers a payment of an invoice may be recorded with. */
const WALLETS = [...WALLET_PROVIDER_NAMES];

/**
 * An order its payer has not approved after this long is given up by the sweep, so that an
 * abandoned PayPal window does not hold the invoice's balance for long; the customer's own
 * cancel, or their next order, releases it at once.
 */
export const WALLET_APPROVAL_TTL_MS = 30 * 60_000;

const NOT_APPROVED = 'Approve the payment in the PayPal window first.';
const ORDER_UNANSWERED = 'PayPal could not be reached. Please try again in a moment.';
const CAPTURE_UNCONFIRMED =
  'PayPal did not answer in time. The payment is being confirmed: reload the page in a minute before paying again.';
const UNDER_REVIEW =
  'PayPal is reviewing this payment. Your receipt is e-mailed as soon as PayPal completes it.';
const ACCOUNT_GONE =
  "The technician's PayPal account is no longer connected, so this payment cannot be completed. Pay by card instead.";
const NOT_TAKEN = 'The PayPal payment was not completed.';

/**
 * The provider's request id of an attempt's order or capture (PayPal-Request-Id): stable for the
 * attempt, and short (PayPal keeps 108 characters at most).
 */
const providerKey = (purpose: 'order' | 'capture', key: string) =>
  `wr-${purpose}-${createHash('sha256').update(key).digest('hex').slice(0, 40)}`;

const failed = (message: string, providerPaymentId?: string): CardOutcome => ({
  status: 'failed',
  failureMessage: message,
  ...(providerPaymentId ? { providerPaymentId } : {}),
  cardBrand: null,
  cardLast4: null,
});

/** Where an order is, as the provider tells it. */
type WalletState =
  | { kind: 'settled'; outcome: CardOutcome }
  | { kind: 'pending' }
  | { kind: 'approved' }
  | { kind: 'open' };

function stateOf(c: WalletCapture): WalletState {
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

/** The tip in cents, a share of (and never more than) the invoice's total. */
function tipOf(tip: TipRule | null, invoiceTotalCents: number) {
  const cents = tipCents(tip, invoiceTotalCents);
  if (cents > invoiceTotalCents) throw new AppError(400, TIP_MESSAGES.overTotal);
  return cents;
}

/** The answer about a payment: paid, failed, or still processing (a capture under review). */
async function answer(app: FastifyInstance, row: PaymentRow) {
  const [payment] = await paymentsOut(app.db, [row]);
  if (row.status === 'processing')
    return { success: false, pending: true, message: UNDER_REVIEW, payment: payment! };
  return cardOutcomeOut(row, payment!);
}

const reread = async (app: FastifyInstance, id: number) => (await paymentRowsById(app.db, id))[0]!;

/** Settles the payment with what became of its order; the row as it is after. */
async function settle(app: FastifyInstance, row: PaymentRow, outcome: CardOutcome) {
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
async function placeOrder(
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
async function orderOfAttempt(app: FastifyInstance, row: PaymentRow): Promise<InvoicePayPalOrder> {
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
async function giveUpUnapproved(app: FastifyInstance, row: PaymentRow, message: string) {
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
async function captureAndSettle(
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

/** The invoice's payment whose order this is, or (settled since) whose capture it made. */
async function paymentOfOrder(app: FastifyInstance, invoiceId: number, orderId: string) {
  const open = await walletPaymentOf(app.db, invoiceId, WALLETS, orderRef(orderId));
  if (open) return open;
  const wallet = app.payments.wallet;
  if (!wallet) return undefined;
  let order: WalletCapture;
  try {
    order = await wallet.lookup(orderId);
  } catch (err) {
    app.log.warn({ err, orderId }, 'wallet order lookup failed');
    throw new AppError(503, ORDER_UNANSWERED);
  }
  return order.captureId ? walletPaymentOf(app.db, invoiceId, WALLETS, order.captureId) : undefined;
}

export function createJobWallet(app: FastifyInstance): JobWallet {
  return {
    async createOrder(invoice: InvoiceRow, input) {
      const technicianId = invoice.technicianId;
      // Scoped as card payments are: a key the customer used for a card is another request.
      const key = `pos:${technicianId}:${input.idempotencyKey}`;
      const sameRequest = (row: PaymentRow) => assertSameRequest(row, input.fingerprint);
      // A retry gets the first answer before any rule is judged.
      const earlier = await findPaymentByKey(app.db, key);
      if (earlier) return orderOfAttempt(app, sameRequest(earlier));
      // The technician's own account is the payee (ADR 030).
      const { wallet, merchantId, provider } = await technicianWallet(app, technicianId);
      const balance = invoice.totalAmountCents - invoice.paidAmountCents;
      if (invoice.status === 'paid' || balance <= 0)
        throw new AppError(409, 'This invoice is already paid');
      // An order the customer left without approving (a closed window) holds the balance no more.
      for (const open of await openOrdersOfInvoice(app.db, invoice.id, WALLETS))
        await giveUpUnapproved(app, open, 'Replaced by a newer PayPal payment');
      const claimed = await app.db
        .transaction(async (tx) => {
          const inv = await payableInvoice(tx, technicianId, invoice.id, balance);
          return claimPayment(tx, {
            invoiceId: inv.id,
            technicianId,
            method: 'digital',
            amountCents: balance,
            tipCents: tipOf(input.tip, inv.totalAmountCents),
            status: 'processing',
            provider,
            merchantId,
            idempotencyKey: key,
            requestFingerprint: input.fingerprint,
            customerName: inv.customerName ?? input.customerName,
            customerEmail: inv.customerEmail ?? input.customerEmail,
          });
        })
        .catch(async (err: unknown) => {
          // A duplicate that lost to its twin (whose claim now holds the balance).
          if (await findPaymentByKey(app.db, key)) return null;
          throw err;
        });
      // The key was claimed at the same moment: the same request gets the same order.
      if (!claimed) return orderOfAttempt(app, sameRequest((await findPaymentByKey(app.db, key))!));
      return placeOrder(app, wallet, claimed, invoice.invoiceNumber);
    },

    async capture(invoice, orderId) {
      const row = await paymentOfOrder(app, invoice.id, orderId);
      if (!row) throw new AppError(404, 'Order not found');
      if (row.status !== 'processing') return answer(app, row);
      const wallet = await walletForPayment(app, row);
      if (!wallet) throw new AppError(409, ACCOUNT_GONE);
      let done: Awaited<ReturnType<typeof captureAndSettle>>;
      try {
        done = await captureAndSettle(app, wallet, row, orderId);
      } catch (err) {
        app.log.warn({ err, paymentId: row.id }, 'wallet capture unanswered; left to reconcile');
        throw new AppError(503, CAPTURE_UNCONFIRMED);
      }
      if (done.state.kind === 'open' || done.state.kind === 'approved')
        throw new AppError(409, NOT_APPROVED);
      return answer(app, done.row);
    },

    async cancel(invoice, orderId) {
      const row = await paymentOfOrder(app, invoice.id, orderId);
      if (!row) throw new AppError(404, 'Order not found');
      if (row.status !== 'processing') return answer(app, row);
      return answer(app, await giveUpUnapproved(app, row, 'The PayPal payment was canceled'));
    },
  };
}

/**
 * Reconciliation of wallet payments of invoices (ADR 007), beside the card payments': a payment
 * still processing is settled from its order as the provider has it. An approved order is
 * captured (what the request would have done); one its payer never approved fails after
 * WALLET_APPROVAL_TTL_MS; an attempt whose order was never recorded fails (no payer saw it).
 */
export async function reconcileWalletPayments(app: FastifyInstance) {
  const results = { succeeded: 0, failed: 0, pending: 0 };
  if (!app.payments.wallet) return results;
  const before = new Date(app.clock().getTime() - RECONCILE_AFTER_MS);
  for (let afterId = 0; ;) {
    const stuck = await stuckWalletPayments(app.db, WALLETS, before, afterId);
    for (const row of stuck) {
      const status = await reconcileOne(app, row).catch((err: unknown) => {
        app.log.warn({ err, paymentId: row.id }, 'wallet payment reconciliation failed');
        return 'processing';
      });
      results[status === 'succeeded' || status === 'failed' ? status : 'pending']++;
    }
    if (stuck.length < STUCK_WALLET_PAGE) return results;
    afterId = stuck[stuck.length - 1]!.id;
  }
}

/** What one stuck payment came to: its status after. */
async function reconcileOne(app: FastifyInstance, row: PaymentRow): Promise<string> {
  const orderId = orderIdOf(row);
  if (!orderId)
    return (await settle(app, row, failed('The PayPal payment did not start. Please try again.')))
      .status;
  const wallet = await walletForPayment(app, row);
  if (!wallet) return 'processing';
  let state: WalletState;
  try {
    state = stateOf(await wallet.lookup(orderId));
  } catch {
    return 'processing';
  }
  if (state.kind === 'settled') return (await settle(app, row, state.outcome)).status;
  if (state.kind === 'approved')
    return (await captureAndSettle(app, wallet, row, orderId)).row.status;
  if (
    state.kind === 'open' &&
    app.clock().getTime() - row.createdAt.getTime() > WALLET_APPROVAL_TTL_MS
  )
    return (await settle(app, row, failed('The PayPal payment was not approved in time'))).status;
  return 'processing';
}
