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
        summary: 'Subscribe to a plan, paying by card',
        operationId: 'createCardSubscription',
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
        summary: 'Wallet (PayPal) checkout settings',
        operationId: 'getWalletSetup',
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
        summary: 'Start a wallet (PayPal) order for a plan',
        operationId: 'createWalletOrder',
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
        summary: 'Complete a wallet (PayPal) order',
        operationId: 'captureWalletOrder',
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
