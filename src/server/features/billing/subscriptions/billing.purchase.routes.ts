import { z } from 'zod';
import { createSubscriptionSchema, walletOrderSchema } from '@shared/schemas/billing';
import { errors, tags, technician, type BillingApp } from '../billing.route-options';
import type { BillingService } from '../billing.service';

/** Buying a plan: by card (card provider), or through a wallet order the payer approves. */
export function purchaseRoutes(app: BillingApp, service: BillingService) {
  app.post(
    '/api/square/create-subscription',
    {
      config: technician,
      schema: {
        tags,
        body: createSubscriptionSchema,
        response: {
          200: z.object({ ok: z.literal(true), message: z.string(), paymentId: z.number() }),
          402: z.object({ ok: z.literal(false), message: z.string() }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const r = await service.subscribeWithCard(request.user, request.body);
      return r.ok
        ? { ok: true as const, message: r.message, paymentId: r.payment.id }
        : reply.status(402).send({ ok: false as const, message: r.message });
    },
  );

  app.get(
    '/api/paypal/setup',
    {
      config: technician,
      schema: {
        tags,
        response: {
          200: z.object({
            clientToken: z.string(),
            clientId: z.string().optional(),
            scriptUrl: z.string().optional(),
          }),
          ...errors,
        },
      },
    },
    async () => service.walletSetup(),
  );

  app.post(
    '/api/paypal/order',
    {
      config: technician,
      schema: {
        tags,
        body: walletOrderSchema,
        response: { 200: z.object({ id: z.string(), status: z.string() }), ...errors },
      },
    },
    async (request) => service.walletOrder(request.user, request.body),
  );

  app.post(
    '/api/paypal/order/:orderId/capture',
    {
      config: technician,
      schema: {
        tags,
        params: z.object({ orderId: z.string().min(1).max(100) }),
        response: {
          200: z.object({ status: z.string(), id: z.string(), message: z.string().optional() }),
          ...errors,
        },
      },
    },
    async (request) => service.walletCapture(request.user, request.params.orderId),
  );
}
