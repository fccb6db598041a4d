import { Agent } from 'node:https';
import { connect } from 'node:net';
import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  Environment,
  OrdersController,
  type Order,
} from '@paypal/paypal-server-sdk';
import type { AppConfig } from '../../config';
import { toCents } from '../../../shared/money';
import { PROVIDER_CALL_TIMEOUT_MS, ProviderError, type WalletProvider } from './types';

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

function providerError(err: unknown): ProviderError {
  if (err instanceof ApiError) {
    let detail: string | undefined;
    try {
      const body = JSON.parse(String(err.body)) as {
        message?: string;
        details?: { issue?: string; description?: string }[];
      };
      detail = body.details?.[0]?.description ?? body.message;
    } catch {
      detail = undefined;
    }
    return new ProviderError(detail ?? `PayPal answered ${err.statusCode}`, String(err.statusCode));
  }
  return new ProviderError('PayPal could not be reached');
}

/** PayPal Orders v2 through the official server SDK: create an order, capture it once approved. */
/** An order's status, with its capture when it has one. */
function orderState(order: Order) {
  const capture = order.purchaseUnits?.[0]?.payments?.captures?.[0];
  return {
    status: String(order.status),
    captureId: capture?.id,
    amountCents: capture?.amount?.value ? toCents(capture.amount.value) : undefined,
  };
}

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

  return {
    name: 'paypal',
    async setup() {
      // The JS SDK is initialised with the public client id.
      return {
        clientToken: p.clientId!,
        clientId: p.clientId!,
        scriptUrl: `${SCRIPT}?client-id=${encodeURIComponent(p.clientId!)}&currency=USD&intent=capture`,
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
              },
            ],
          },
          paypalRequestId: input.idempotencyKey,
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
        if (err instanceof ApiError && err.statusCode === 422) {
          // ORDER_NOT_APPROVED and the like: the payer has not finished.
          return { status: 'PAYER_ACTION_REQUIRED', message: providerError(err).message };
        }
        if (err instanceof ApiError && err.statusCode === 404)
          return { status: 'NOT_FOUND', message: 'Order not found' };
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
