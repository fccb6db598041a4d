import type { FastifyInstance } from 'fastify';
import { WALLET_PROVIDER_NAMES } from '@shared/schemas/billing';
import type { RequestWallet } from '../../../domain/request-wallet';
import { technicianWallet, walletForPayment } from '../../../domain/wallet-accounts';
import { AppError } from '../../../infra/app-error';
import { assertSameRequest, RECONCILE_AFTER_MS, type WalletCapture } from '../../../infra/payments';
import { payableInvoice } from '../invoices/pos.invoices';
import { cardOutcomeOut } from '../pos.presenters';
import { claimPayment, findPaymentByKey, type InvoiceRow, type PaymentRow } from '../pos.queries';
import { paymentsOut, tipOf } from './pos.payments';
import {
  captureAndSettle,
  failed,
  giveUpUnapproved,
  ORDER_UNANSWERED,
  orderOfAttempt,
  placeOrder,
  settle,
  stateOf,
  type WalletState,
} from './pos.wallet.orders';
import {
  openOrdersOfInvoice,
  orderIdOf,
  orderRef,
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
const CAPTURE_UNCONFIRMED =
  'PayPal did not answer in time. The payment is being confirmed: reload the page in a minute before paying again.';
const UNDER_REVIEW =
  'PayPal is reviewing this payment. Your receipt is e-mailed as soon as PayPal completes it.';
const ACCOUNT_GONE =
  "The technician's PayPal account is no longer connected, so this payment cannot be completed. Pay by card instead.";

/** The answer about a payment: paid, failed, or still processing (a capture under review). */
async function answer(app: FastifyInstance, row: PaymentRow) {
  const [payment] = await paymentsOut(app.db, [row]);
  if (row.status === 'processing')
    return { success: false, pending: true, message: UNDER_REVIEW, payment: payment! };
  return cardOutcomeOut(row, payment!);
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

export function createRequestWallet(app: FastifyInstance): RequestWallet {
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
            tipCents: tipOf(input.tip, inv.totalAmountCents, balance),
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
