import { Agent } from 'node:https';
import { connect } from 'node:net';
import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  Environment,
  OrdersController,
  PaymentsController,
  PaypalPaymentTokenCustomerType,
  PaypalPaymentTokenUsageType,
  StoreInVaultInstruction,
  type Order,
} from '@paypal/paypal-server-sdk';
import type { AppConfig } from '../../config';
import { toCents } from '@shared/money';
import {
  PROVIDER_CALL_TIMEOUT_MS,
  ProviderError,
  type ChargeResult,
  type RefundResult,
  type WalletProvider,
} from './types';

const SCRIPT = 'https://www.paypal.com/sdk/js';

/**
 * Sends the SDK's HTTPS requests, in plain HTTP, to another host: PAYPAL_BASE_URL, used to run
 * the adapter against a local stand-in (the SDK has no base URL setting of its own).
 */
function redirectingAgent(baseUrl: string): Agent {
  const target = new URL(baseUrl);
  const agent = new Agent({ keepAlive: false });
  (agent as unknown as { createConnection: () => unknown }).createConnection = () =>
    connect(Number(target.port || 80), target.hostname);
  return agent;
}

/** PayPal's error issue (its `details[0].issue`), e.g. INSTRUMENT_DECLINED. */
function issueOf(err: ApiError): string | undefined {
  try {
    return (JSON.parse(String(err.body)) as { details?: { issue?: string }[] }).details?.[0]?.issue;
  } catch {
    return undefined;
  }
}

/** PayPal's error description (its `details[0].description`, else its `message`). */
function errorDetail(err: ApiError): string | undefined {
  try {
    const body = JSON.parse(String(err.body)) as {
      message?: string;
      details?: { issue?: string; description?: string }[];
    };
    return body.details?.[0]?.description ?? body.message;
  } catch {
    return undefined;
  }
}

function providerError(err: unknown): ProviderError {
  if (err instanceof ApiError)
    return new ProviderError(
      errorDetail(err) ?? `PayPal answered ${err.statusCode}`,
      String(err.statusCode),
    );
  return new ProviderError('PayPal could not be reached');
}

/** A refusal PayPal answers with 4xx (declined instrument, unknown vault, amount too high). */
const isRefusal = (err: unknown): err is ApiError =>
  err instanceof ApiError && [404, 422].includes(err.statusCode);

/**
 * An order's status, with its capture when it has one and the payer's saved wallet when the
 * order vaulted it (`payment_source.paypal.attributes.vault`, status VAULTED).
 */
function orderState(order: Order) {
  const capture = order.purchaseUnits?.[0]?.payments?.captures?.[0];
  const vault = order.paymentSource?.paypal?.attributes?.vault;
  const vaulted = vault?.id && (vault.status === undefined || String(vault.status) === 'VAULTED');
  return {
    status: String(order.status),
    captureId: capture?.id,
    ...(capture?.status ? { captureStatus: String(capture.status) } : {}),
    amountCents: capture?.amount?.value ? toCents(capture.amount.value) : undefined,
    ...(vaulted ? { vaultId: vault.id, customerRef: vault.customer?.id } : {}),
  };
}

/** A merchant-initiated order's outcome: its capture completed (or pending), or refused. */
function chargeOf(order: Order): ChargeResult {
  const capture = order.purchaseUnits?.[0]?.payments?.captures?.[0];
  const status = String(capture?.status ?? order.status);
  if (capture?.id && (status === 'COMPLETED' || status === 'PENDING'))
    return { status: 'succeeded', providerPaymentId: capture.id };
  return {
    status: 'failed',
    ...(capture?.id ? { providerPaymentId: capture.id } : {}),
    message: `The PayPal payment was ${status.toLowerCase().replace(/_/g, ' ')}`,
  };
}

/** The amount as PayPal writes it: a decimal string. */
const money = (amountCents: number) => ({
  currencyCode: 'USD',
  value: (amountCents / 100).toFixed(2),
});

/**
 * PayPal-Auth-Assertion: the platform (its client id) acting for the seller whose payer id this
 * is. PayPal's documented form is an unsigned JWT (alg none, an empty signature).
 */
export function authAssertion(clientId: string, sellerMerchantId: string) {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'none' })}.${part({ iss: clientId, payer_id: sellerMerchantId })}.`;
}

/**
 * PayPal Orders v2 through the official server SDK: create an order, capture it once approved;
 * with `vault`, the payer's PayPal account is saved at capture (vault id) and later charged
 * without them (an order with `payment_source.paypal.vault_id`); captures are refunded through
 * the Payments API. `forSeller` is the partner flow (ADR 030): orders with the seller as payee
 * and the platform's PayPal-Partner-Attribution-Id, refunds with PayPal-Auth-Assertion.
 */
export function createPayPalProvider(config: AppConfig): WalletProvider {
  const p = config.paypal;
  const client = new Client({
    clientCredentialsAuthCredentials: {
      oAuthClientId: p.clientId!,
      oAuthClientSecret: p.clientSecret!,
    },
    environment: p.environment === 'production' ? Environment.Production : Environment.Sandbox,
    timeout: PROVIDER_CALL_TIMEOUT_MS,
    ...(p.baseUrl ? { httpClientOptions: { httpsAgent: redirectingAgent(p.baseUrl) } } : {}),
  });
  const orders = new OrdersController(client);
  const payments = new PaymentsController(client);
  return walletOf(p, orders, payments, null);
}

/** The adapter over one SDK client, for the platform (`seller` null) or for a seller. */
function walletOf(
  p: AppConfig['paypal'],
  orders: OrdersController,
  payments: PaymentsController,
  seller: string | null,
): WalletProvider {
  // What the partner flow adds to the seller's orders and refunds.
  const attribution = seller && p.partnerAttributionId ? p.partnerAttributionId : undefined;
  const onBehalf = seller ? authAssertion(p.clientId!, seller) : undefined;
  return {
    name: 'paypal',
    forSeller: (merchantId) => walletOf(p, orders, payments, merchantId),
    async setup() {
      // The JS SDK is initialised with the public client id; paying a seller, with the seller's
      // merchant id too (the payee its buttons are for).
      const q = new URLSearchParams({
        'client-id': p.clientId!,
        currency: 'USD',
        intent: 'capture',
      });
      if (seller) q.set('merchant-id', seller);
      return {
        clientToken: p.clientId!,
        clientId: p.clientId!,
        scriptUrl: `${SCRIPT}?${q}`,
        ...(attribution ? { partnerAttributionId: attribution } : {}),
      };
    },
    async createOrder(input) {
      try {
        const { result } = await orders.createOrder({
          body: {
            intent: CheckoutPaymentIntent.Capture,
            purchaseUnits: [
              {
                amount: {
                  currencyCode: input.currency,
                  value: (input.amountCents / 100).toFixed(2),
                },
                description: input.description,
                customId: input.reference,
                // The money goes to the technician's own PayPal account, never the platform's.
                ...(seller ? { payee: { merchantId: seller } } : {}),
              },
            ],
            // Save with purchase: the vault id comes back with the completed capture.
            ...(input.vault
              ? {
                  paymentSource: {
                    paypal: {
                      attributes: {
                        vault: {
                          storeInVault: StoreInVaultInstruction.OnSuccess,
                          usageType: PaypalPaymentTokenUsageType.Merchant,
                          customerType: PaypalPaymentTokenCustomerType.Consumer,
                        },
                      },
                    },
                  },
                }
              : {}),
          },
          paypalRequestId: input.idempotencyKey,
          paypalPartnerAttributionId: attribution,
          prefer: 'return=minimal',
        });
        return { id: result.id!, status: String(result.status) };
      } catch (err) {
        throw providerError(err);
      }
    },
    async captureOrder(orderId, idempotencyKey) {
      try {
        const { result } = await orders.captureOrder({
          id: orderId,
          paypalRequestId: idempotencyKey,
          prefer: 'return=representation',
        });
        return orderState(result);
      } catch (err) {
        // The payer's funding was refused: this attempt is over (the payer starts again).
        if (
          err instanceof ApiError &&
          err.statusCode === 422 &&
          issueOf(err) === 'INSTRUMENT_DECLINED'
        )
          return {
            status: 'DECLINED',
            message: errorDetail(err) ?? 'PayPal declined the payment',
          };
        if (err instanceof ApiError && err.statusCode === 422) {
          // ORDER_NOT_APPROVED and the like: the payer has not finished.
          return { status: 'PAYER_ACTION_REQUIRED', message: providerError(err).message };
        }
        if (err instanceof ApiError && err.statusCode === 404)
          return { status: 'NOT_FOUND', message: 'Order not found' };
        throw providerError(err);
      }
    },
    async chargeVault(input) {
      let order: Order;
      try {
        ({ result: order } = await orders.createOrder({
          body: {
            intent: CheckoutPaymentIntent.Capture,
            purchaseUnits: [
              {
                amount: money(input.amountCents),
                description: input.description,
                customId: input.reference,
              },
            ],
            paymentSource: { paypal: { vaultId: input.vaultId } },
          },
          paypalRequestId: input.idempotencyKey,
          prefer: 'return=representation',
        }));
        // PayPal captures a vaulted order at once; capture it when it did not.
        if (String(order.status) === 'APPROVED' || String(order.status) === 'CREATED')
          ({ result: order } = await orders.captureOrder({
            id: order.id!,
            paypalRequestId: `${input.idempotencyKey}:capture`,
            prefer: 'return=representation',
          }));
      } catch (err) {
        if (isRefusal(err))
          return {
            status: 'failed',
            message: errorDetail(err) ?? 'The PayPal account declined the payment',
          };
        throw providerError(err);
      }
      return chargeOf(order);
    },
    async refund(captureId, amountCents, idempotencyKey): Promise<RefundResult> {
      try {
        const { result } = await payments.refundCapturedPayment({
          captureId,
          paypalRequestId: idempotencyKey,
          // A seller's capture is given back on the seller's behalf (the SDK's refund call takes
          // no partner attribution header; the assertion is what names the seller).
          paypalAuthAssertion: onBehalf,
          prefer: 'return=representation',
          body: { amount: money(amountCents) },
        });
        const status = String(result.status);
        if (result.id && (status === 'COMPLETED' || status === 'PENDING'))
          return { status: 'succeeded', providerRefundId: result.id };
        return {
          status: 'failed',
          ...(result.id ? { providerRefundId: result.id } : {}),
          message: `The refund was ${status.toLowerCase()}`,
        };
      } catch (err) {
        if (isRefusal(err))
          return { status: 'failed', message: errorDetail(err) ?? 'The refund was refused' };
        throw providerError(err);
      }
    },
    /** GET the order: COMPLETED with its capture, or where the payer left it. */
    async lookup(orderId) {
      try {
        const { result } = await orders.getOrder({ id: orderId });
        return orderState(result);
      } catch (err) {
        if (err instanceof ApiError && err.statusCode === 404)
          return { status: 'NOT_FOUND', message: 'Order not found' };
        throw providerError(err);
      }
    },
  };
}
