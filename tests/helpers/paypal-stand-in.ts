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
  /** The seller it pays (`purchase_units[0].payee.merchant_id`); none: the partner itself. */
  payee?: string;
  /** What its capture does: the payer's funding refused, or held by PayPal for review. */
  atCapture?: 'decline' | 'hold';
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
 *
 * Sellers (the partner flow): an order naming `purchase_units[0].payee.merchant_id` pays that
 * seller; its capture is refunded only with a PayPal-Auth-Assertion naming the seller (payer_id)
 * and issued by the partner's client id, else 403 PERMISSION_DENIED. `declineCapture(id)` makes
 * the order's capture answer 422 INSTRUMENT_DECLINED; `holdCapture(id)` makes it PENDING
 * (PayPal reviewing it) until `decideCapture(captureId, status)`; `captureEvent` and
 * `refundEvent` are the webhook bodies PayPal sends about them.
 *
 * Partner onboarding: POST /v2/customer/partner-referrals answers an `action_url` on the
 * stand-in's own sign-up page (/bizsignup/partner/entry), where a seller "signs up" at once: a
 * new merchant (or the existing one `onboard` names), bound to the referral's tracking_id, and
 * a 302 back to the referral's return_url with PayPal's query (merchantId, merchantIdInPayPal,
 * permissionsGranted, consentStatus). GET /v1/customer/partners/{partner}/merchant-integrations/
 * {merchant} answers what PayPal knows of the seller, tracking_id included.
 */
export async function startPayPalStandIn(clientId = 'pp-client', clientSecret = 'pp-secret') {
  /** Webhook deliveries it issued (signWebhook), by transmission id. */
  const transmissions = new Map<string, { sig: string; webhookId: string; event: string }>();
  const orders = new Map<string, Order>();
  const vaults = new Map<string, { customerId: string; declined: boolean }>();
  const captures = new Map<
    string,
    { value: string; refundedCents: number; payee?: string; orderId: string; status: string }
  >();
  /** Answers already given, by PayPal-Request-Id: a retry gets the same answer. */
  const answered = new Map<string, { status: number; body: Json }>();
  const requests: {
    method: string;
    path: string;
    headers: IncomingMessage['headers'];
    body: Json;
  }[] = [];
  /** Referral links made for the partner, by referral token. */
  const referrals = new Map<string, { trackingId: string; returnUrl: string }>();
  /** Sellers who completed an onboarding: their merchant id, the tracking id it was bound to. */
  const merchants = new Map<string, { trackingId: string; paymentsReceivable: boolean }>();
  /** The merchant the next sign-up signs in as (a seller who already has an account). */
  let signInAs: string | undefined;
  let baseUrl = '';
  let seq = 0;
  const send = (res: ServerResponse, status: number, body: Json) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const token = `A21AA-${Math.random().toString(36).slice(2)}`;
  const cents = (value: string) => Math.round(Number(value) * 100);

  /** The seller a PayPal-Auth-Assertion names, when the partner's client id issued it. */
  function assertedSeller(header: unknown): string | undefined {
    if (typeof header !== 'string') return undefined;
    const [head, payload, signature] = header.split('.');
    if (!head || !payload || signature === undefined) return undefined;
    try {
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
        iss?: string;
        payer_id?: string;
      };
      return claims.iss === clientId ? claims.payer_id : undefined;
    } catch {
      return undefined;
    }
  }

  /** A completed order with one capture, and the vault it saved or was charged with. */
  function capture(
    id: string,
    value: string,
    vault?: { id: string; customerId: string },
    opts: { payee?: string; status?: string } = {},
  ) {
    const captureId = `CAP${++seq}`;
    const status = opts.status ?? 'COMPLETED';
    captures.set(captureId, { value, refundedCents: 0, payee: opts.payee, orderId: id, status });
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
                status,
                amount: { currency_code: 'USD', value },
                ...(status === 'PENDING' ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
              },
            ],
          },
        },
      ],
    };
  }

  function route(
    method: string,
    path: string,
    body: Json,
    headers: IncomingMessage['headers'] = {},
  ): { status: number; body: Json } {
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
    if (method === 'POST' && path === '/v2/customer/partner-referrals') {
      const returnUrl = (body.partner_config_override as { return_url?: string } | undefined)
        ?.return_url;
      if (typeof body.tracking_id !== 'string' || !returnUrl)
        return {
          status: 400,
          body: { name: 'INVALID_REQUEST', message: 'tracking_id and return_url are required' },
        };
      const token = randomBytes(12).toString('hex');
      referrals.set(token, { trackingId: body.tracking_id, returnUrl });
      return {
        status: 201,
        body: {
          links: [
            { href: `${baseUrl}/v2/customer/partner-referrals/${token}`, rel: 'self' },
            {
              href: `${baseUrl}/bizsignup/partner/entry?referralToken=${token}`,
              rel: 'action_url',
              method: 'GET',
            },
          ],
        },
      };
    }
    const integration = /^\/v1\/customer\/partners\/([^/]+)\/merchant-integrations\/([^/?]+)$/.exec(
      path,
    );
    if (method === 'GET' && integration) {
      const merchantId = decodeURIComponent(integration[2]!);
      const m = merchants.get(merchantId);
      if (!m) return { status: 404, body: notFound };
      return {
        status: 200,
        body: {
          merchant_id: merchantId,
          tracking_id: m.trackingId,
          payments_receivable: m.paymentsReceivable,
          primary_email_confirmed: true,
          products: [{ name: 'EXPRESS_CHECKOUT', vetting_status: 'SUBSCRIBED' }],
          oauth_integrations: [
            {
              integration_type: 'OAUTH_THIRD_PARTY',
              oauth_third_party: [{ partner_client_id: clientId, scopes: ['PAYMENT', 'REFUND'] }],
            },
          ],
        },
      };
    }
    if (method === 'POST' && path === '/v2/checkout/orders') {
      const unit = (
        body.purchase_units as { amount: { value: string }; payee?: { merchant_id?: string } }[]
      )[0]!;
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
        payee: unit.payee?.merchant_id,
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
      if (!order.captured && order.atCapture === 'decline')
        return {
          status: 422,
          body: unprocessable(
            'INSTRUMENT_DECLINED',
            'The instrument presented was either declined by the processor or bank, or it cannot be used for this payment.',
          ),
        };
      if (!order.captured) {
        let vault: { id: string; customerId: string } | undefined;
        if (order.storeInVault) {
          vault = { id: `VAULT${++seq}`, customerId: `PPCUST${seq}` };
          vaults.set(vault.id, { customerId: vault.customerId, declined: false });
        }
        order.captured = capture(capturePath[1]!, order.value, vault, {
          payee: order.payee,
          status: order.atCapture === 'hold' ? 'PENDING' : 'COMPLETED',
        });
      }
      return { status: 201, body: order.captured };
    }
    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (method === 'POST' && refund) {
      const cap = captures.get(refund[1]!);
      if (!cap) return { status: 404, body: notFound };
      // A seller's money is given back only on the seller's behalf.
      if (cap.payee && assertedSeller(headers['paypal-auth-assertion']) !== cap.payee)
        return {
          status: 403,
          body: {
            name: 'NOT_AUTHORIZED',
            details: [
              {
                issue: 'PERMISSION_DENIED',
                description:
                  'You do not have permission to access or perform operations on this resource.',
              },
            ],
          },
        };
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
    if (req.method === 'GET' && path.startsWith('/bizsignup/partner/entry?')) {
      // PayPal's sign-up page: the seller completes it at once and is sent back.
      const referral = referrals.get(
        new URL(path, 'http://stand-in').searchParams.get('referralToken') ?? '',
      );
      if (!referral) return send(res, 404, notFound);
      const merchantId = signInAs ?? `MERCH${String(++seq).padStart(8, '0')}`;
      signInAs = undefined;
      merchants.set(merchantId, { trackingId: referral.trackingId, paymentsReceivable: true });
      const back = new URL(referral.returnUrl);
      for (const [k, v] of Object.entries({
        merchantId: referral.trackingId,
        merchantIdInPayPal: merchantId,
        permissionsGranted: 'true',
        consentStatus: 'true',
        productIntentId: 'addipmt',
        isEmailConfirmed: 'true',
        accountStatus: 'BUSINESS_ACCOUNT',
      }))
        back.searchParams.set(k, v);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
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
    const answer = route(req.method ?? '', path, body, req.headers);
    if (key && req.method === 'POST' && answer.status < 500) answered.set(key, answer);
    send(res, answer.status, answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
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
    /**
     * The seller goes through the onboarding link (`action_url`), signing up, or signing in as
     * the existing merchant `as`: the return URL PayPal sends their browser back to.
     */
    async onboard(actionUrl: string, opts: { as?: string } = {}) {
      signInAs = opts.as;
      const res = await fetch(actionUrl, { redirect: 'manual' });
      if (res.status !== 302) throw new Error(`onboarding answered ${res.status}`);
      return new URL(res.headers.get('location')!);
    },
    /** PayPal's record of the seller: the tracking id its onboarding was bound to. */
    merchants,
    approve(id: string) {
      const o = orders.get(id);
      if (o) o.approved = true;
    },
    /** The payer's funding is refused when this order is captured (422 INSTRUMENT_DECLINED). */
    declineCapture(id: string) {
      const o = orders.get(id);
      if (o) o.atCapture = 'decline';
    },
    /** PayPal holds this order's capture for review: PENDING until decideCapture. */
    holdCapture(id: string) {
      const o = orders.get(id);
      if (o) o.atCapture = 'hold';
    },
    /** PayPal decides a held capture: the order (GET) shows it so from now on. */
    decideCapture(captureId: string, status: 'COMPLETED' | 'DECLINED') {
      const cap = captures.get(captureId);
      if (!cap) return;
      cap.status = status;
      const order = orders.get(cap.orderId);
      const unit = (order?.captured?.purchase_units as { payments: { captures: Json[] } }[])?.[0];
      const c = unit?.payments.captures[0];
      if (c) {
        c.status = status;
        delete c.status_details;
      }
    },
    /** The webhook event PayPal sends about a capture (COMPLETED, DENIED...), as its body. */
    captureEvent(
      eventId: string,
      captureId: string,
      type: 'PAYMENT.CAPTURE.COMPLETED' | 'PAYMENT.CAPTURE.DENIED' | 'PAYMENT.CAPTURE.PENDING',
    ) {
      const cap = captures.get(captureId)!;
      return {
        id: eventId,
        event_type: type,
        resource_type: 'capture',
        create_time: new Date().toISOString(),
        resource: {
          id: captureId,
          status: type.split('.').pop(),
          amount: { currency_code: 'USD', value: cap.value },
          ...(cap.payee ? { payee: { merchant_id: cap.payee } } : {}),
          supplementary_data: { related_ids: { order_id: cap.orderId } },
          update_time: new Date().toISOString(),
        },
      };
    },
    /** The webhook event of a refund of `captureId` (PAYMENT.CAPTURE.REFUNDED), as its body. */
    refundEvent(eventId: string, captureId: string, refundId: string, value: string) {
      return {
        id: eventId,
        event_type: 'PAYMENT.CAPTURE.REFUNDED',
        resource_type: 'refund',
        create_time: new Date().toISOString(),
        resource: {
          id: refundId,
          status: 'COMPLETED',
          amount: { currency_code: 'USD', value },
          links: [
            { rel: 'self', href: `${baseUrl}/v2/payments/refunds/${refundId}`, method: 'GET' },
            { rel: 'up', href: `${baseUrl}/v2/payments/captures/${captureId}`, method: 'GET' },
          ],
          update_time: new Date().toISOString(),
        },
      };
    },
    /** The payer's bank or PayPal now refuses merchant-initiated charges of this vault. */
    declineVault(id: string) {
      const v = vaults.get(id);
      if (v) v.declined = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
