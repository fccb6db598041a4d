import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webhookReceiptSchema } from '@shared/schemas/webhooks';
import { errorResponsesFor } from '../../infra/route-errors';
import { PAYPAL_WEBHOOK_PATH, SQUARE_WEBHOOK_PATH } from '../../infra/payments/webhook-signatures';
import { createWebhooksService } from './webhooks.service';

const tags = ['webhooks'];
const responses = { 200: webhookReceiptSchema, ...errorResponsesFor(400, 401, 413, 503) };

/**
 * Payment providers' webhooks (Square, PayPal): public routes whose credential is the
 * provider's signature over the body as sent. Inside this plugin only, every body is read raw
 * (a Buffer) so the signature is checked on exactly those bytes; the service parses the JSON.
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createWebhooksService(app);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const raw = (body: unknown) => (Buffer.isBuffer(body) ? body.toString('utf8') : '');
  const header = (v: string | string[] | undefined) => (typeof v === 'string' ? v : undefined);

  app.post(
    SQUARE_WEBHOOK_PATH,
    {
      config: { access: 'public' },
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
      config: { access: 'public' },
      schema: {
        summary: "PayPal's webhook events (captures, refunds, disputes, revoked consent)",
        description:
          "Verified through PayPal's verify-webhook-signature API with the paypal-* transmission headers; 401 when PayPal does not confirm it, 503 when PayPal cannot be asked.",
        operationId: 'paypalWebhook',
        tags,
        response: responses,
      },
    },
    async (request) => service.paypal(raw(request.body), request.headers),
  );
};
