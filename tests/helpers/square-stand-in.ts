import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Square's sandbox test nonces (and one of ours for a provider failure). */
export const SQUARE_NONCES = {
  ok: 'cnon:card-nonce-ok',
  declined: 'cnon:card-nonce-declined',
  serverError: 'cnon:card-nonce-server-error',
};

type Json = Record<string, unknown>;

/**
 * A webhook notification as Square sends it: the JSON body and its `x-square-hmacsha256-signature`,
 * the base64 HMAC-SHA256 of the notification URL followed by the body, keyed with the
 * subscription's signature key (https://developer.squareup.com/docs/webhooks/step3validate).
 */
export function signedSquareNotification(
  event: Json,
  signatureKey: string,
  notificationUrl: string,
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify(event);
  const signature = createHmac('sha256', signatureKey)
    .update(notificationUrl + body)
    .digest('base64');
  return {
    body,
    headers: { 'content-type': 'application/json', 'x-square-hmacsha256-signature': signature },
  };
}

let squareEventSeq = 0;

/** A Square event envelope (merchant, type, event id, data.object) as its webhooks deliver it. */
export function squareEvent(
  type: string,
  object: Json,
  extra: { merchantId?: string; eventId?: string } = {},
): Json {
  const dataType = type.split('.')[0]!;
  return {
    merchant_id: extra.merchantId ?? 'MLSTANDIN',
    type,
    event_id: extra.eventId ?? `evt-${Date.now()}-${++squareEventSeq}`,
    created_at: new Date().toISOString(),
    data: {
      type: dataType,
      id: String(object.id ?? squareEventSeq),
      object: { [dataType]: object },
    },
  };
}

/**
 * A local stand-in for the parts of Square's Connect API v2 the adapter calls (customers,
 * cards, payments, refunds), speaking Square's wire format: snake_case JSON, Bearer auth, idempotency
 * keys, and its error envelope `{ errors: [{ category, code, detail }] }`.
 */
export async function startSquareStandIn(
  token = 'sq-test-token',
  options: {
    /**
     * The most payments a ListPayments page holds (Square's own is `limit`, at most 100): two by
     * default, so that a test walks the cursor; a load that keeps thousands asks for Square's.
     */
    listPageSize?: number;
  } = {},
) {
  const listPageSize = options.listPageSize ?? 2;
  const requests: {
    method: string;
    path: string;
    body: Json;
    authorization?: string;
    merchant?: string;
  }[] = [];
  /** OAuth: the application, codes the consent page gave out, and sellers' live tokens. */
  const oauth = {
    clientId: 'sandbox-sq0idb-wrenchly',
    clientSecret: 'sq0csb-test-secret',
    codes: new Map<string, string>(),
    /** access token -> merchant id */
    tokens: new Map<string, string>(),
    refreshTokens: new Map<string, string>(),
    revoked: [] as string[],
  };
  const payments = new Map<string, Json>();
  const cards = new Map<string, { declined: boolean }>();
  const refunds = new Map<string, Json>();
  /** Refunds given back per payment id, in cents. */
  const refunded = new Map<string, number>();
  /** Payments whose refund Square refuses (`declineRefunds`). */
  const refundsDeclined = new Set<string>();
  let seq = 0;

  const send = (res: ServerResponse, status: number, body: Json) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (
    res: ServerResponse,
    status: number,
    category: string,
    code: string,
    detail: string,
  ) => send(res, status, { errors: [{ category, code, detail }] });

  let tokenSeq = 0;
  const issue = (merchantId: string) => {
    const access = `EAAA-seller-${merchantId}-${++tokenSeq}`;
    const refresh = `EQAA-refresh-${merchantId}-${tokenSeq}`;
    oauth.tokens.set(access, merchantId);
    oauth.refreshTokens.set(refresh, merchantId);
    return {
      access_token: access,
      token_type: 'bearer',
      expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      merchant_id: merchantId,
      refresh_token: refresh,
    };
  };
  /** Square's OAuth endpoints: the consent page (it approves at once), token, revoke, locations. */
  function handleOAuth(req: IncomingMessage, res: ServerResponse, path: string, body: Json) {
    const url = new URL(path, 'http://stand-in');
    if (req.method === 'GET' && url.pathname === '/oauth2/authorize') {
      const merchant = `MERCHANT_${++tokenSeq}`;
      const code = `sq0cgb-code-${tokenSeq}`;
      oauth.codes.set(code, merchant);
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      res.end();
      return true;
    }
    if (req.method === 'POST' && url.pathname === '/oauth2/token') {
      if (body.client_id !== oauth.clientId || body.client_secret !== oauth.clientSecret) {
        error(res, 401, 'AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'Invalid client credentials.');
        return true;
      }
      if (body.grant_type === 'authorization_code') {
        const merchant = oauth.codes.get(String(body.code));
        oauth.codes.delete(String(body.code));
        if (!merchant)
          error(
            res,
            400,
            'INVALID_REQUEST_ERROR',
            'INVALID_VALUE',
            'Authorization code is invalid.',
          );
        else send(res, 200, issue(merchant));
        return true;
      }
      const merchant = oauth.refreshTokens.get(String(body.refresh_token));
      if (!merchant)
        error(res, 401, 'AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'Refresh token is invalid.');
      else send(res, 200, { ...issue(merchant), refresh_token: body.refresh_token });
      return true;
    }
    if (req.method === 'POST' && url.pathname === '/oauth2/revoke') {
      if (req.headers.authorization !== `Client ${oauth.clientSecret}`) {
        error(res, 401, 'AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'Invalid application secret.');
        return true;
      }
      const merchant = String(body.merchant_id ?? oauth.tokens.get(String(body.access_token)));
      for (const [t, m] of oauth.tokens) if (m === merchant) oauth.tokens.delete(t);
      oauth.revoked.push(merchant);
      send(res, 200, { success: true });
      return true;
    }
    if (req.method === 'GET' && url.pathname === '/v2/locations') {
      const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      const merchant = oauth.tokens.get(bearer);
      if (!merchant && bearer !== token) {
        error(
          res,
          401,
          'AUTHENTICATION_ERROR',
          'UNAUTHORIZED',
          'This request could not be authorized.',
        );
        return true;
      }
      send(res, 200, {
        locations: [
          { id: `${merchant ?? 'PLATFORM'}-CLOSED`, status: 'INACTIVE', capabilities: [] },
          {
            id: `${merchant ?? 'PLATFORM'}-LOC`,
            status: 'ACTIVE',
            capabilities: ['CREDIT_CARD_PROCESSING'],
          },
        ],
      });
      return true;
    }
    return false;
  }

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = (raw ? JSON.parse(raw) : {}) as Json;
    const path = req.url ?? '';
    requests.push({
      method: req.method ?? '',
      path,
      body,
      authorization: req.headers.authorization,
      // Which seller's token made it (undefined: the platform's own).
      merchant: oauth.tokens.get(req.headers.authorization?.replace(/^Bearer /, '') ?? ''),
    });
    const oauthAnswer = handleOAuth(req, res, path, body);
    if (oauthAnswer) return;
    const bearer = req.headers.authorization?.replace(/^Bearer /, '');
    if (bearer !== token && !(bearer && oauth.tokens.has(bearer)))
      return error(
        res,
        401,
        'AUTHENTICATION_ERROR',
        'UNAUTHORIZED',
        'This request could not be authorized.',
      );

    if (req.method === 'POST' && path === '/v2/customers')
      return send(res, 200, {
        customer: {
          id: `CUST${++seq}`,
          email_address: body.email_address,
          reference_id: body.reference_id,
        },
      });

    if (req.method === 'POST' && path === '/v2/cards') {
      const source = body.source_id as string;
      if (source === SQUARE_NONCES.declined)
        return error(res, 400, 'PAYMENT_METHOD_ERROR', 'CARD_DECLINED', 'Card declined.');
      const id = `ccof:${++seq}`;
      cards.set(id, { declined: false });
      const card = body.card as Json;
      return send(res, 200, {
        card: {
          id,
          customer_id: card.customer_id,
          cardholder_name: card.cardholder_name,
          last_4: '1111',
          card_brand: 'VISA',
        },
      });
    }

    if (req.method === 'POST' && path === '/v2/payments') {
      const key = body.idempotency_key as string;
      const seen = payments.get(key);
      if (seen) return send(res, 200, { payment: seen });
      const source = body.source_id as string;
      if (source === SQUARE_NONCES.serverError)
        return error(res, 500, 'API_ERROR', 'INTERNAL_SERVER_ERROR', 'An internal error occurred.');
      if (source === SQUARE_NONCES.declined)
        return error(
          res,
          402,
          'PAYMENT_METHOD_ERROR',
          'CARD_DECLINED',
          'Authorization error: CARD_DECLINED',
        );
      if (source.startsWith('ccof:') && !cards.has(source))
        return error(res, 404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', 'Card not found.');
      // A tip is charged beside the amount (tip_money): the payment's total is both.
      const cents = (m: unknown) => Number((m as { amount?: number } | undefined)?.amount ?? 0);
      const payment = {
        id: `PAY${++seq}`,
        status: 'COMPLETED',
        amount_money: body.amount_money,
        ...(body.tip_money ? { tip_money: body.tip_money } : {}),
        total_money: {
          amount: cents(body.amount_money) + cents(body.tip_money),
          currency: 'USD',
        },
        location_id: body.location_id,
        customer_id: body.customer_id,
        reference_id: body.reference_id,
        created_at: new Date().toISOString(),
        card_details: { card: { card_brand: 'VISA', last_4: '1111' } },
      };
      payments.set(key, payment);
      return send(res, 200, { payment });
    }

    // RefundPayment: at most what is left of a completed payment, once per idempotency key.
    if (req.method === 'POST' && path === '/v2/refunds') {
      const key = body.idempotency_key as string;
      const seen = refunds.get(key);
      if (seen) return send(res, 200, { refund: seen });
      const payment = [...payments.values()].find((p) => p.id === body.payment_id);
      if (!payment)
        return error(res, 404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', 'Payment not found.');
      if (refundsDeclined.has(payment.id as string))
        return error(res, 400, 'REFUND_ERROR', 'REFUND_DECLINED', 'Payment could not be refunded');
      const amount = Number((body.amount_money as { amount: number }).amount);
      const paid = Number((payment.total_money as { amount: number }).amount);
      const before = refunded.get(payment.id as string) ?? 0;
      if (amount > paid - before)
        return error(
          res,
          400,
          'INVALID_REQUEST_ERROR',
          'REFUND_AMOUNT_INVALID',
          'The requested refund amount exceeds the amount available to refund.',
        );
      refunded.set(payment.id as string, before + amount);
      const refund = {
        id: `REF${++seq}`,
        status: 'PENDING',
        payment_id: payment.id,
        amount_money: body.amount_money,
        location_id: payment.location_id,
      };
      refunds.set(key, refund);
      return send(res, 200, { refund });
    }

    // ListPayments: the location's payments in [begin_time, end_time), `limit` a page at most
    // (two by default, see listPageSize).
    const url = new URL(path, 'http://stand-in');
    if (req.method === 'GET' && url.pathname === '/v2/payments') {
      const q = url.searchParams;
      const begin = q.get('begin_time') ?? '';
      const end = q.get('end_time') ?? '9999';
      const all = [...payments.values()].filter(
        (p) =>
          (!q.get('location_id') || p.location_id === q.get('location_id')) &&
          String(p.created_at) >= begin &&
          String(p.created_at) < end,
      );
      const from = Number(q.get('cursor') ?? 0);
      const size = Math.min(listPageSize, Number(q.get('limit') ?? 100));
      const page = all.slice(from, from + size);
      return send(res, 200, {
        payments: page,
        ...(from + size < all.length ? { cursor: String(from + size) } : {}),
      });
    }
    const get = /^\/v2\/payments\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && get) {
      const found = [...payments.values()].find((p) => p.id === get[1]);
      return found
        ? send(res, 200, { payment: found })
        : error(res, 404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', 'Payment not found.');
    }
    error(res, 404, 'INVALID_REQUEST_ERROR', 'NOT_FOUND', `No route ${req.method} ${path}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    token,
    oauth,
    requests,
    /** The seller whose token made a request (undefined: the platform's token). */
    merchantOf: (authorization?: string) =>
      oauth.tokens.get(authorization?.replace(/^Bearer /, '') ?? ''),
    payments,
    refunds,
    /** Square now refuses refunds of this payment (400 REFUND_ERROR / REFUND_DECLINED). */
    declineRefunds(paymentId: string) {
      refundsDeclined.add(paymentId);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
