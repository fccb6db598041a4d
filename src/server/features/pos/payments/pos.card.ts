import type { FastifyInstance } from 'fastify';
import { BRAND } from '@shared/brand';
import { AppError } from '../../../infra/app-error';
import { ProviderError, type CardProvider } from '../../../infra/payments';
import type { CardOutcome, PaymentRow } from '../pos.queries';

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
      amountCents: claimed.amountCents,
      currency: 'USD',
      idempotencyKey: key,
      note: `${BRAND.name} receipt ${claimed.receiptNumber}`,
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
