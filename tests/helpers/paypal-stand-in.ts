import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An order amount the stand-in answers with a server error. */
export const PAYPAL_FAILING_AMOUNT = '0.13';

/**
 * A local stand-in for PayPal's REST API as the server SDK calls it: OAuth client credentials
 * (/v1/oauth2/token), Orders v2 create and capture, snake_case JSON and PayPal's error body.
 * `approve(id)` plays the payer approving the order in PayPal's window.
 */
export async function startPayPalStandIn(clientId = 'pp-client', clientSecret = 'pp-secret') {
  const orders = new Map<string, { value: string; approved: boolean; captured?: Json }>();
  const requests: { method: string; path: string; headers: IncomingMessage['headers'] }[] = [];
  let seq = 0;
  type Json = Record<string, unknown>;
  const send = (res: ServerResponse, status: number, body: Json) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const token = `A21AA-${Math.random().toString(36).slice(2)}`;

  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const path = req.url ?? '';
    requests.push({ method: req.method ?? '', path, headers: req.headers });
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
    const body = (raw ? JSON.parse(raw) : {}) as Json;
    if (req.method === 'POST' && path === '/v2/checkout/orders') {
      const unit = (body.purchase_units as { amount: { value: string } }[])[0]!;
      if (unit.amount.value === PAYPAL_FAILING_AMOUNT)
        return send(res, 500, {
          name: 'INTERNAL_SERVER_ERROR',
          message: 'An internal server error occurred.',
        });
      const id = `5O19${String(++seq).padStart(13, '0')}`;
      orders.set(id, { value: unit.amount.value, approved: false });
      return send(res, 201, { id, status: 'CREATED' });
    }
    const get = /^\/v2\/checkout\/orders\/([^/?]+)(\?.*)?$/.exec(path);
    if (req.method === 'GET' && get) {
      const order = orders.get(get[1]!);
      if (!order)
        return send(res, 404, {
          name: 'RESOURCE_NOT_FOUND',
          details: [
            { issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist.' },
          ],
        });
      return send(
        res,
        200,
        order.captured ?? { id: get[1], status: order.approved ? 'APPROVED' : 'CREATED' },
      );
    }
    const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
    if (req.method === 'POST' && capture) {
      const order = orders.get(capture[1]!);
      if (!order)
        return send(res, 404, {
          name: 'RESOURCE_NOT_FOUND',
          details: [
            { issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist.' },
          ],
        });
      if (!order.approved)
        return send(res, 422, {
          name: 'UNPROCESSABLE_ENTITY',
          details: [
            {
              issue: 'ORDER_NOT_APPROVED',
              description: 'Payer has not yet approved the Order for payment.',
            },
          ],
        });
      order.captured ??= {
        id: capture[1],
        status: 'COMPLETED',
        purchase_units: [
          {
            payments: {
              captures: [
                {
                  id: `CAP${++seq}`,
                  status: 'COMPLETED',
                  amount: { currency_code: 'USD', value: order.value },
                },
              ],
            },
          },
        ],
      };
      return send(res, 201, order.captured);
    }
    send(res, 404, { name: 'RESOURCE_NOT_FOUND', message: `No route ${req.method} ${path}` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    requests,
    approve(id: string) {
      const o = orders.get(id);
      if (o) o.approved = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
