import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An order amount the stand-in answers with a server error. */
export const PAYPAL_FAILING_AMOUNT = '0.13';

type Json = Record<string, unknown>;
type Order = {
  value: string;
  approved: boolean;
  captured?: Json;
  /** The order asked to save the payer's wallet (attributes.vault.store_in_vault ON_SUCCESS). */
  storeInVault?: boolean;
};

const notFound = {
  name: 'RESOURCE_NOT_FOUND',
  details: [{ issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist.' }],
};
const unprocessable = (issue: string, description: string) => ({
  name: 'UNPROCESSABLE_ENTITY',
  details: [{ issue, description }],
});

/**
 * A local stand-in for PayPal's REST API as the server SDK calls it: OAuth client credentials
 * (/v1/oauth2/token), Orders v2 create and capture, snake_case JSON and PayPal's error body.
 * `approve(id)` plays the payer approving the order in PayPal's window.
 *
 * Vaulting (save with purchase): an order whose `payment_source.paypal.attributes.vault` says
 * `store_in_vault: ON_SUCCESS` returns `payment_source.paypal.attributes.vault` { id, status
 * VAULTED, customer } with its capture; an order with `payment_source.paypal.vault_id` is a
 * merchant-initiated charge, completed and captured at creation (201), or refused with 422
 * INSTRUMENT_DECLINED when the vault was marked with `declineVault(id)`. Captures are refunded
 * through POST /v2/payments/captures/{id}/refund. PayPal-Request-Id makes every POST idempotent.
 */
export async function startPayPalStandIn(clientId = 'pp-client', clientSecret = 'pp-secret') {
  /** Webhook deliveries it issued (signWebhook), by transmission id. */
  const transmissions = new Map<string, { sig: string; webhookId: string; event: string }>();
  const orders = new Map<string, Order>();
  const vaults = new Map<string, { customerId: string; declined: boolean }>();
  const captures = new Map<string, { value: string; refundedCents: number }>();
  /** Answers already given, by PayPal-Request-Id: a retry gets the same answer. */
  const answered = new Map<string, { status: number; body: Json }>();
  const requests: {
    method: string;
    path: string;
    headers: IncomingMessage['headers'];
    body: Json;
  }[] = [];
  let seq = 0;
  const send = (res: ServerResponse, status: number, body: Json) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const token = `A21AA-${Math.random().toString(36).slice(2)}`;
  const cents = (value: string) => Math.round(Number(value) * 100);

  /** A completed order with one capture, and the vault it saved or was charged with. */
  function capture(id: string, value: string, vault?: { id: string; customerId: string }) {
    const captureId = `CAP${++seq}`;
    captures.set(captureId, { value, refundedCents: 0 });
    return {
      id,
      status: 'COMPLETED',
      ...(vault
        ? {
            payment_source: {
              paypal: {
                email_address: 'payer@example.com',
                attributes: {
                  vault: { id: vault.id, status: 'VAULTED', customer: { id: vault.customerId } },
                },
              },
            },
          }
        : {}),
      purchase_units: [
        {
          payments: {
            captures: [
              {
                id: captureId,
                status: 'COMPLETED',
                amount: { currency_code: 'USD', value },
              },
            ],
          },
        },
      ],
    };
  }

  function route(method: string, path: string, body: Json): { status: number; body: Json } {
    // Webhook verification: SUCCESS only for a delivery it issued, unchanged, to that webhook.
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const missing = [
        'auth_algo',
        'cert_url',
        'transmission_id',
        'transmission_sig',
        'transmission_time',
        'webhook_id',
        'webhook_event',
      ].filter((f) => !body[f]);
      if (missing.length)
        return {
          status: 400,
          body: {
            name: 'VALIDATION_ERROR',
            details: missing.map((f) => ({ field: f, issue: 'MISSING_REQUIRED_PARAMETER' })),
          },
        };
      const sent = transmissions.get(String(body.transmission_id));
      const ok =
        sent !== undefined &&
        sent.sig === body.transmission_sig &&
        sent.webhookId === body.webhook_id &&
        sent.event === JSON.stringify(body.webhook_event);
      return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
    }
    if (method === 'POST' && path === '/v2/checkout/orders') {
      const unit = (body.purchase_units as { amount: { value: string } }[])[0]!;
      if (unit.amount.value === PAYPAL_FAILING_AMOUNT)
        return {
          status: 500,
          body: { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred.' },
        };
      const paypal = (body.payment_source as { paypal?: Json } | undefined)?.paypal as
        { vault_id?: string; attributes?: { vault?: { store_in_vault?: string } } } | undefined;
      const id = `5O19${String(++seq).padStart(13, '0')}`;
      if (paypal?.vault_id) {
        // A merchant-initiated charge of a saved wallet: no payer, captured at creation.
        const vault = vaults.get(paypal.vault_id);
        if (!vault) return { status: 404, body: notFound };
        if (vault.declined)
          return {
            status: 422,
            body: unprocessable(
              'INSTRUMENT_DECLINED',
              'The instrument presented was either declined by the processor or bank, or it cannot be used for this payment.',
            ),
          };
        const done = capture(id, unit.amount.value, {
          id: paypal.vault_id,
          customerId: vault.customerId,
        });
        orders.set(id, { value: unit.amount.value, approved: true, captured: done });
        return { status: 201, body: done };
      }
      orders.set(id, {
        value: unit.amount.value,
        approved: false,
        storeInVault: paypal?.attributes?.vault?.store_in_vault === 'ON_SUCCESS',
      });
      return { status: 201, body: { id, status: 'CREATED' } };
    }
    const get = /^\/v2\/checkout\/orders\/([^/?]+)(\?.*)?$/.exec(path);
    if (method === 'GET' && get) {
      const order = orders.get(get[1]!);
      if (!order) return { status: 404, body: notFound };
      return {
        status: 200,
        body: order.captured ?? { id: get[1], status: order.approved ? 'APPROVED' : 'CREATED' },
      };
    }
    const capturePath = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
    if (method === 'POST' && capturePath) {
      const order = orders.get(capturePath[1]!);
      if (!order) return { status: 404, body: notFound };
      if (!order.approved)
        return {
          status: 422,
          body: unprocessable(
            'ORDER_NOT_APPROVED',
            'Payer has not yet approved the Order for payment.',
          ),
        };
      if (!order.captured) {
        let vault: { id: string; customerId: string } | undefined;
        if (order.storeInVault) {
          vault = { id: `VAULT${++seq}`, customerId: `PPCUST${seq}` };
          vaults.set(vault.id, { customerId: vault.customerId, declined: false });
        }
        order.captured = capture(capturePath[1]!, order.value, vault);
      }
      return { status: 201, body: order.captured };
    }
    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (method === 'POST' && refund) {
      const cap = captures.get(refund[1]!);
      if (!cap) return { status: 404, body: notFound };
      const amount = (body.amount as { value?: string } | undefined)?.value ?? cap.value;
      if (cents(amount) > cents(cap.value) - cap.refundedCents)
        return {
          status: 422,
          body: unprocessable(
            'REFUND_AMOUNT_EXCEEDED',
            'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
          ),
        };
      cap.refundedCents += cents(amount);
      return {
        status: 201,
        body: {
          id: `REF${++seq}`,
          status: 'COMPLETED',
          amount: { currency_code: 'USD', value: amount },
        },
      };
    }
    return {
      status: 404,
      body: { name: 'RESOURCE_NOT_FOUND', message: `No route ${method} ${path}` },
    };
  }

  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const path = req.url ?? '';
    // The token request is form-encoded; everything else is JSON.
    const body = (raw && path !== '/v1/oauth2/token' ? JSON.parse(raw) : {}) as Json;
    requests.push({ method: req.method ?? '', path, headers: req.headers, body });
    if (req.method === 'POST' && path === '/v1/oauth2/token') {
      const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
      if (req.headers.authorization !== `Basic ${basic}`)
        return send(res, 401, {
          error: 'invalid_client',
          error_description: 'Client Authentication failed',
        });
      return send(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 32400 });
    }
    if (req.headers.authorization !== `Bearer ${token}`)
      return send(res, 401, { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed' });
    const requestId = req.headers['paypal-request-id'];
    const key = typeof requestId === 'string' ? `${path}|${requestId}` : null;
    const seen = key && req.method === 'POST' ? answered.get(key) : undefined;
    if (seen) return send(res, seen.status, seen.body);
    const answer = route(req.method ?? '', path, body);
    if (key && req.method === 'POST' && answer.status < 500) answered.set(key, answer);
    send(res, answer.status, answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    clientId,
    clientSecret,
    /** The app's `paypal` config that talks to this stand-in. */
    config: { clientId, clientSecret, environment: 'sandbox' as const, baseUrl },
    requests,
    captures,
    /**
     * A webhook delivery of `event` to the webhook `webhookId`, as PayPal sends it: the JSON body
     * and its paypal-* transmission headers. Only these headers with this body verify.
     */
    signWebhook(event: Json, webhookId: string) {
      const body = JSON.stringify(event);
      const id = randomUUID();
      const sig = randomBytes(64).toString('base64');
      transmissions.set(id, { sig, webhookId, event: body });
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42',
          'paypal-transmission-id': id,
          'paypal-transmission-sig': sig,
          'paypal-transmission-time': new Date().toISOString(),
        },
      };
    },
    approve(id: string) {
      const o = orders.get(id);
      if (o) o.approved = true;
    },
    /** The payer's bank or PayPal now refuses merchant-initiated charges of this vault. */
    declineVault(id: string) {
      const v = vaults.get(id);
      if (v) v.declined = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
