import { createHash } from 'node:crypto';
import { SquareClient, SquareEnvironment, SquareError, type Square } from 'square';
import type { AppConfig } from '../../config';
import {
  PROVIDER_CALL_TIMEOUT_MS,
  ProviderError,
  type CardProvider,
  type ChargeResult,
  type PaymentLookup,
  type RefundResult,
} from './types';

const SCRIPT = {
  sandbox: 'https://sandbox.web.squarecdn.com/v1/square.js',
  production: 'https://web.squarecdn.com/v1/square.js',
} as const;

/** Square's error categories that mean "this card was refused", not "Square failed". */
const DECLINES = new Set(['PAYMENT_METHOD_ERROR', 'INVALID_REQUEST_ERROR']);

/**
 * Square's error categories that mean "this refund is refused" (unknown payment, amount beyond
 * what is left, REFUND_DECLINED), not "Square failed": asking again would be refused again.
 */
const REFUND_REFUSALS = new Set(['INVALID_REQUEST_ERROR', 'REFUND_ERROR']);

const DECLINE_MESSAGES: Record<string, string> = {
  CARD_DECLINED: 'The card was declined',
  GENERIC_DECLINE: 'The card was declined',
  INSUFFICIENT_FUNDS: 'The card has insufficient funds',
  CVV_FAILURE: 'The security code (CVV) was not accepted',
  ADDRESS_VERIFICATION_FAILURE: 'The postal code did not match the card',
  INVALID_EXPIRATION: 'The card expiry date is not valid',
  EXPIRATION_FAILURE: 'The card has expired',
  INVALID_CARD: 'The card is not valid',
  CARD_TOKEN_EXPIRED: 'The card form expired. Please enter the card again',
  CARD_TOKEN_USED: 'The card form was already used. Please enter the card again',
};

/**
 * The window a lookup by reference lists, around when the payment was recorded: Square created
 * it, if at all, during the one call made right after (it times out in PROVIDER_CALL_TIMEOUT_MS),
 * so a minute either side covers clocks that disagree. A seller taking many cards a day has
 * thousands of payments in a wider window, a page of 100 per request to walk through.
 */
export const LOOKUP_BEFORE_MS = 60_000;
export const LOOKUP_AFTER_MS = PROVIDER_CALL_TIMEOUT_MS + 60_000;

/**
 * The payment's reference_id (at most 40 characters): derived from our idempotency key, so a
 * payment can be found again when our answer was lost (Square does not list idempotency keys).
 */
export const squareReferenceOf = (idempotencyKey: string) =>
  `wr-${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 36)}`;

/** The card a Square payment was made with. */
const cardOf = (payment: Square.Payment) => ({
  cardBrand: payment.cardDetails?.card?.cardBrand ?? undefined,
  last4: payment.cardDetails?.card?.last4 ?? undefined,
});

/** A Square payment that did not complete, as a failed charge. */
const failedOf = (payment: Square.Payment & { id: string }) => ({
  status: 'failed' as const,
  providerPaymentId: payment.id,
  message: `The payment was ${String(payment.status ?? 'not completed').toLowerCase()}`,
  ...cardOf(payment),
});

function resultOf(payment: Square.Payment): PaymentLookup {
  if (!payment.id) throw new ProviderError('Square returned no payment');
  if (payment.status === 'COMPLETED' || payment.status === 'APPROVED')
    return { status: 'succeeded', providerPaymentId: payment.id, ...cardOf(payment) };
  if (payment.status === 'PENDING') return { status: 'pending' };
  return failedOf({ ...payment, id: payment.id });
}

/** Square answers a decline with the failed payment, whose card_details say which card it was. */
function declinedCard(body: unknown): { cardBrand?: string; last4?: string } {
  const card = (
    body as { payment?: { card_details?: { card?: { card_brand?: unknown; last_4?: unknown } } } }
  )?.payment?.card_details?.card;
  return {
    cardBrand: typeof card?.card_brand === 'string' ? card.card_brand : undefined,
    last4: typeof card?.last_4 === 'string' ? card.last_4 : undefined,
  };
}

/** A declined card becomes a failed charge; anything else is the provider's failure. */
function outcomeOfError(err: unknown): ChargeResult {
  // No HTTP answer (the SDK's timeout, a dropped connection): the request may have reached
  // Square and the card may be charged.
  if (!(err instanceof SquareError) || err.statusCode === undefined)
    throw new ProviderError('Square did not answer', undefined, true);
  const first = err.errors[0];
  if (first && DECLINES.has(first.category) && err.statusCode < 500)
    return {
      status: 'failed',
      message: DECLINE_MESSAGES[first.code] ?? first.detail ?? 'The card was declined',
      ...declinedCard(err.body),
    };
  throw new ProviderError(first?.detail ?? `Square answered ${err.statusCode}`, first?.code);
}

/** Square's SDK client with `token` (the platform's, or a connected seller's). */
export function squareClient(config: AppConfig, token: string | undefined) {
  const s = config.square;
  return new SquareClient({
    token,
    environment:
      s.baseUrl ??
      (s.environment === 'production' ? SquareEnvironment.Production : SquareEnvironment.Sandbox),
    // One bounded attempt per call: a purchase (customer, card, payment) is decided well within
    // the reconciliation window (ADR 007); the idempotency keys make a later retry safe.
    maxRetries: 0,
    timeoutInSeconds: PROVIDER_CALL_TIMEOUT_MS / 1000,
  });
}

/**
 * Square, through its official Node SDK: one-off payments from a Web Payments SDK token, and
 * cards on file (a customer plus a card) charged again for renewals. SQUARE_BASE_URL points
 * the SDK at another host (a local stand-in in the tests).
 */
export function createSquareProvider(
  config: AppConfig,
  /** A connected seller's token and location; the platform's own without it. */
  account?: { accessToken: string; locationId: string },
): CardProvider {
  const s = config.square;
  const client = squareClient(config, account?.accessToken ?? s.accessToken);
  const locationId = account?.locationId ?? s.locationId!;

  async function pay(input: {
    sourceId: string;
    customerId?: string;
    amountCents: number;
    /** Of `amountCents`: Square takes a tip as `tipMoney` beside the amount, and reports it. */
    tipCents?: number;
    idempotencyKey: string;
    note?: string;
    buyerEmail?: string;
  }): Promise<ChargeResult> {
    const tip = input.tipCents ?? 0;
    try {
      const { payment } = await client.payments.create({
        sourceId: input.sourceId,
        customerId: input.customerId,
        idempotencyKey: input.idempotencyKey.slice(0, 45),
        amountMoney: { amount: BigInt(input.amountCents - tip), currency: 'USD' },
        ...(tip > 0 ? { tipMoney: { amount: BigInt(tip), currency: 'USD' as const } } : {}),
        locationId,
        referenceId: squareReferenceOf(input.idempotencyKey),
        autocomplete: true,
        note: input.note?.slice(0, 500),
        buyerEmailAddress: input.buyerEmail,
      });
      if (!payment?.id) throw new ProviderError('Square returned no payment');
      const result = resultOf(payment);
      if (result.status === 'succeeded' || result.status === 'failed') return result;
      // A charge still pending is not taken: the POS and plans need an answer now.
      return failedOf({ ...payment, id: payment.id });
    } catch (err) {
      if (err instanceof ProviderError) throw err;
      return outcomeOfError(err);
    }
  }

  return {
    name: 'square',
    forAccount(merchant) {
      if (!merchant.accessToken || !merchant.locationId)
        throw new ProviderError('The Square account is not connected');
      return createSquareProvider(config, {
        accessToken: merchant.accessToken,
        locationId: merchant.locationId,
      });
    },
    cardFormConfig: () => ({
      provider: 'square',
      applicationId: s.applicationId!,
      locationId,
      environment: s.environment,
      scriptUrl: SCRIPT[s.environment],
    }),
    charge: (input) => pay(input),
    async saveCard(input) {
      try {
        const { customer } = await client.customers.create({
          idempotencyKey: `${input.idempotencyKey}:customer`.slice(0, 45),
          emailAddress: input.email,
          referenceId: input.referenceId,
        });
        const { card } = await client.cards.create({
          idempotencyKey: input.idempotencyKey.slice(0, 45),
          sourceId: input.sourceId,
          card: { customerId: customer!.id!, cardholderName: input.cardholderName },
        });
        return {
          customerRef: customer!.id!,
          cardRef: card!.id!,
          last4: card?.last4 ?? undefined,
          cardBrand: card?.cardBrand ?? undefined,
        };
      } catch (err) {
        const outcome = outcomeOfError(err);
        // A refused card cannot be stored: report it like a declined charge.
        throw new ProviderError(outcome.status === 'failed' ? outcome.message : 'Square failed');
      }
    },
    chargeSavedCard: (input) =>
      pay({
        sourceId: input.cardRef,
        customerId: input.customerRef,
        amountCents: input.amountCents,
        idempotencyKey: input.idempotencyKey,
        note: input.note,
      }),
    /** Refunds API: PENDING (the usual first answer) and COMPLETED are accepted refunds. */
    async refund(paymentRef, amountCents, idempotencyKey): Promise<RefundResult> {
      try {
        const { refund } = await client.refunds.refundPayment({
          idempotencyKey: idempotencyKey.slice(0, 45),
          amountMoney: { amount: BigInt(amountCents), currency: 'USD' },
          paymentId: paymentRef,
        });
        if (!refund?.id) throw new ProviderError('Square returned no refund');
        if (refund.status === 'PENDING' || refund.status === 'COMPLETED')
          return { status: 'succeeded', providerRefundId: refund.id };
        return {
          status: 'failed',
          providerRefundId: refund.id,
          message: `The refund was ${String(refund.status ?? 'not completed').toLowerCase()}`,
        };
      } catch (err) {
        if (err instanceof ProviderError) throw err;
        if (err instanceof SquareError && err.statusCode !== undefined && err.statusCode < 500) {
          const first = err.errors[0];
          if (first && REFUND_REFUSALS.has(first.category))
            return { status: 'failed', message: first.detail ?? 'The refund was refused' };
        }
        if (err instanceof SquareError)
          throw new ProviderError(
            err.errors[0]?.detail ?? `Square answered ${err.statusCode ?? 'with an error'}`,
            err.errors[0]?.code,
          );
        throw new ProviderError('Square could not be reached');
      }
    },
    /**
     * By Square's payment id when we have it; otherwise the location's payments around the
     * attempt (`since`: when the payment was recorded, just before the one call that could have
     * created it), matched on the reference_id derived from the idempotency key.
     */
    async lookup({ idempotencyKey, providerPaymentId, since }) {
      try {
        if (providerPaymentId) {
          const { payment } = await client.payments.get({ paymentId: providerPaymentId });
          return payment ? resultOf(payment) : { status: 'not_found' };
        }
        const reference = squareReferenceOf(idempotencyKey);
        const page = await client.payments.list({
          locationId,
          beginTime: new Date(since.getTime() - LOOKUP_BEFORE_MS).toISOString(),
          endTime: new Date(since.getTime() + LOOKUP_AFTER_MS).toISOString(),
          sortOrder: 'ASC',
          limit: 100,
        });
        for await (const payment of page)
          if (payment.referenceId === reference) return resultOf(payment);
        return { status: 'not_found' };
      } catch (err) {
        if (err instanceof ProviderError) throw err;
        if (err instanceof SquareError && err.statusCode === 404) return { status: 'not_found' };
        if (err instanceof SquareError)
          throw new ProviderError(
            err.errors[0]?.detail ?? `Square answered ${err.statusCode ?? 'with an error'}`,
          );
        throw new ProviderError('Square could not be reached');
      }
    },
  };
}
