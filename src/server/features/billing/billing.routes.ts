import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { softwareListSchema } from '@shared/schemas/billing';
import { historyRoutes } from './history/billing.history.routes';
import { purchaseRoutes } from './subscriptions/billing.purchase.routes';
import { errors, tags } from './billing.route-options';
import { createBillingService } from './billing.service';
import { subscriptionRoutes } from './subscriptions/billing.subscription.routes';

/**
 * How technicians pay us: plans by card (card provider) or wallet, their lifecycle, payment
 * history, and the plan-gated software catalogue.
 */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createBillingService(app);
  purchaseRoutes(app, service);
  subscriptionRoutes(app, service);
  historyRoutes(app, service);

  app.get(
    '/api/software',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The software catalogue, with what your plan includes',
        operationId: 'listSoftware',
        tags,
        response: { 200: softwareListSchema },
      },
    },
    async (request) => service.catalogue(request.user),
  );

  app.get(
    '/api/software/:slug/download',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'Download a software package your plan includes',
        operationId: 'downloadSoftware',
        tags,
        params: z.object({ slug: z.string().min(1).max(100) }),
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const file = await service.download(request.user, request.params.slug);
      return reply
        .type('text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );
};
