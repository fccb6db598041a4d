import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webhookReceiptSchema } from '@shared/schemas/webhooks';
import { errorResponsesFor } from '../../infra/route-errors';
import { PAYPAL_WEBHOOK_PATH, SQUARE_WEBHOOK_PATH } from '../../infra/payments/webhook-signatures';
import { WEBHOOK_BODY_LIMIT } from './webhooks.body';
import { createWebhooksService } from './webhooks.service';

const tags = ['webhooks'];
const responses = { 200: webhookReceiptSchema, ...errorResponsesFor(400, 401, 413, 429, 503) };
/**
 * PayPal's deliveries per address: every request that reaches verification may cost a call to
 * PayPal, so a flood is cut off before its body is even read.
 */
const PAYPAL_RATE_LIMIT = { max: 300, timeWindow: '1 minute' };

/**
 * Payment providers' webhooks (Square, PayPal): public routes whose credential is the
 * provider's signature over the body as sent. Inside this plugin only, every body is read raw
 * (a Buffer, at most WEBHOOK_BODY_LIMIT: 413 beyond) so the signature is checked on exactly
 * those bytes; the service parses the JSON once its depth is known to be safe.
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createWebhooksService(app);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const raw = (body: unknown) => (Buffer.isBuffer(body) ? body.toString('utf8') : '');
  const header = (v: string | string[] | undefined) => (typeof v === 'string' ? v : undefined);
  // Read raw (the signature covers the exact bytes), so documented rather than validated.
  const notification = (provider: string) => ({
    description: `The notification as ${provider} sends it: a JSON object, read as raw bytes.`,
    content: { 'application/json': { schema: { type: 'object', additionalProperties: true } } },
  });

  app.post(
    SQUARE_WEBHOOK_PATH,
    {
      config: { access: 'public', documentedBody: notification('Square') },
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        summary: "Square's webhook notifications (payments, refunds, disputes, revoked access)",
        description:
          'Signed with the subscription key over the notification URL and the raw body (x-square-hmacsha256-signature); 401 when the signature does not hold.',
        operationId: 'squareWebhook',
        tags,
        response: responses,
      },
    },
    async (request) =>
      service.square(raw(request.body), header(request.headers['x-square-hmacsha256-signature'])),
  );

  app.post(
    PAYPAL_WEBHOOK_PATH,
    {
      config: {
        access: 'public',
        rateLimit: PAYPAL_RATE_LIMIT,
        documentedBody: notification('PayPal'),
      },
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        summary: "PayPal's webhook events (captures, refunds, disputes, revoked consent)",
        description:
          "Verified through PayPal's verify-webhook-signature API with the paypal-* transmission headers; 401 when PayPal does not confirm it, 503 when PayPal cannot be asked. 400 for a body that is not a JSON object or nests deeper than 64 levels, 413 beyond 256 KiB; 429 past 300 requests a minute from one address, or once 20 deliveries from it failed verification within 10 minutes.",
        operationId: 'paypalWebhook',
        tags,
        response: responses,
      },
    },
    async (request) => service.paypal(raw(request.body), request.headers, request.ip),
  );
};
