import type { FastifyInstance } from 'fastify';
import { BRAND } from '@shared/brand';
import { AppError } from '../../../infra/app-error';
import { ProviderError, type CardProvider } from '../../../infra/payments';
import { centsToDecimal, formatAmount, formatCents } from '@shared/money';
import type { DbOrTx } from '../../../db/client';
import { brandingOf } from '../../../domain/branding';
import { nextNumber } from '../../../domain/document-numbers';
import { jobDocumentChanged } from '../../../domain/request-mail';
import { pdfAttachment } from '../../../infra/outbox';
import { paymentMethodText } from '../documents/document-parts';
import { sendPosMail } from '../pos.mail';
import {
  findInvoice,
  findQuote,
  settleCardPayment,
  type CardOutcome,
  type PaymentRow,
} from '../pos.queries';

/*
 * The card charge itself, below both invoice payments (pos.payments) and quote deposits
 * (pos.deposits), so that neither has to import the other.
 */

export const PAYMENT_UNCONFIRMED =
  'The payment provider did not answer in time. The payment is being confirmed: check the ' +
  'payments list in a minute before taking another card.';

/**
 * Asks the provider to charge the claimed payment; a provider error is a failed outcome. When
 * no answer came (the provider may have charged the card), 503: the payment stays `processing`
 * and the reconciliation sweep settles it from what the provider says (ADR 007).
 */
export async function chargeCard(
  app: FastifyInstance,
  card: CardProvider,
  claimed: PaymentRow,
  key: string,
  sourceId: string,
): Promise<CardOutcome> {
  try {
    const result = await card.charge({
      sourceId,
      // One charge: what counts toward the invoice, and the customer's tip on top.
      amountCents: claimed.amountCents + claimed.tipCents,
      tipCents: claimed.tipCents,
      currency: 'USD',
      idempotencyKey: key,
      // The receipt's number comes once the card went through: the note names the attempt.
      note: `${BRAND.name} payment ${claimed.id}`,
      buyerEmail: claimed.customerEmail ?? undefined,
    });
    return {
      status: result.status === 'succeeded' ? 'succeeded' : 'failed',
      failureMessage: result.status === 'succeeded' ? null : result.message,
      providerPaymentId: result.providerPaymentId ?? null,
      cardBrand: result.cardBrand ?? null,
      cardLast4: result.last4 ?? null,
    };
  } catch (err) {
    if (err instanceof ProviderError && err.outcomeUnknown) {
      app.log.warn({ err, paymentId: claimed.id }, 'card payment unanswered; left to reconcile');
      throw new AppError(503, PAYMENT_UNCONFIRMED);
    }
    app.log.error({ err }, 'card payment failed');
    return {
      status: 'failed',
      failureMessage:
        err instanceof ProviderError ? err.message : 'The payment provider could not be reached',
      providerPaymentId: null,
      cardBrand: null,
      cardLast4: null,
    };
  }
}

/**
 * Settles a claimed card payment with its outcome, once, whoever comes first (the request that
 * charged, the provider's webhook, the reconciliation sweep): a payment that went through gets
 * its receipt's number then (a failed attempt has none, so the numbers run without gaps) and its
 * receipt goes to the customer; the job hears of either. Null when it was settled meanwhile.
 */
export async function settleCard(
  app: FastifyInstance,
  tx: DbOrTx,
  payment: Pick<PaymentRow, 'id' | 'invoiceId' | 'amountCents'>,
  outcome: CardOutcome,
): Promise<PaymentRow | null> {
  const row = await settleCardPayment(tx, payment, outcome, app.clock(), () =>
    nextNumber(tx, 'receipt', app.clock()),
  );
  if (row?.status === 'succeeded') await paymentSucceeded(app, tx, row);
  else if (row) await jobDocumentChanged(app, tx, await jobOfPayment(tx, row), { kind: 'payment' });
  return row;
}

/** The job a payment belongs to, through its invoice or its quote (a deposit). */
export async function jobOfPayment(tx: DbOrTx, p: Pick<PaymentRow, 'invoiceId' | 'quoteId'>) {
  if (p.invoiceId) return (await findInvoice(tx, p.invoiceId))?.serviceRequestId ?? null;
  if (p.quoteId) return (await findQuote(tx, p.quoteId))?.serviceRequestId ?? null;
  return null;
}

/**
 * A payment went through (card, deposit, the customer's invoice payment, cash, check or other):
 * its receipt goes to the customer at once, with its PDF (and a text when they opted in), and the
 * job's timeline records it. The technician's 'Email Receipt' sends it again.
 */
export async function paymentSucceeded(app: FastifyInstance, tx: DbOrTx, p: PaymentRow) {
  const quote = p.quoteId ? await findQuote(tx, p.quoteId) : undefined;
  const invoice = !quote && p.invoiceId ? await findInvoice(tx, p.invoiceId) : undefined;
  const serviceRequestId = invoice?.serviceRequestId ?? quote?.serviceRequestId ?? null;
  const number = p.receiptNumber!;
  const balance =
    invoice && centsToDecimal(Math.max(0, invoice.totalAmountCents - invoice.paidAmountCents));
  const method = paymentMethodText(p);
  if (serviceRequestId !== null) {
    await jobDocumentChanged(app, tx, serviceRequestId, {
      kind: 'receipt',
      paymentId: p.id,
      number,
      amount: centsToDecimal(p.amountCents),
      tip: centsToDecimal(p.tipCents),
      method,
      depositOn: quote?.quoteNumber ?? null,
      invoice: invoice ? { number: invoice.invoiceNumber, balance: balance! } : null,
    });
    return;
  }
  // A sale without a job: to the address the payment (or its invoice) was given.
  const to = p.customerEmail ?? invoice?.customerEmail ?? quote?.customerEmail;
  if (!to) return;
  const branding = await brandingOf(tx, p.technicianId, app.clock());
  await sendPosMail(
    app,
    tx,
    to,
    'pos_receipt',
    `Your receipt ${number} from ${branding?.businessName ?? BRAND.name}`,
    [
      `Hi ${p.customerName ?? invoice?.customerName ?? 'there'},`,
      `Thank you: we received your payment of ${formatCents(p.amountCents)} (${method})${invoice ? ` on invoice ${invoice.invoiceNumber}` : ''}.`,
      ...(p.tipCents > 0
        ? [
            `Your tip of ${formatCents(p.tipCents)} went to your technician: ${formatCents(p.amountCents + p.tipCents)} was charged in all.`,
          ]
        : []),
      ...(invoice ? [`Balance due: ${formatAmount(balance!)}.`] : []),
      `Your receipt ${number} is attached.`,
    ],
    branding,
    [pdfAttachment('receipt', p.id, number)],
  );
}

/**
 * What a refund of `refundCents` on a payment takes off its invoice. The tip never counted toward
 * the invoice, so it is what a refund gives back first: a refund of the whole charge takes off
 * the payment's amount, one of the tip alone (made in the provider's dashboard) nothing.
 */
export const invoiceShareOfRefund = (
  p: Pick<PaymentRow, 'amountCents' | 'tipCents'>,
  refundCents: number,
) => Math.min(p.amountCents, Math.max(0, refundCents - p.tipCents));
