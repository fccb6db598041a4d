import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { planSchema } from '@shared/schemas/plans';
import { createPlansService } from './plans.service';

/** The plans table is the one source of truth for what technicians pay. */
export const planRoutes: FastifyPluginAsyncZod = async (app) => {
  const plans = createPlansService(app);
  app.get(
    '/api/plans',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The subscription plans',
        operationId: 'listPlans',
        tags: ['billing'],
        response: { 200: z.array(planSchema) },
      },
    },
    async (_request, reply) => {
      const rows = await plans.active();
      reply.header('cache-control', 'public, max-age=60');
      return rows.map((p) => ({
        id: p.id,
        name: p.name,
        price: p.priceCents / 100,
        priceCents: p.priceCents,
        description: p.description,
        features: p.features,
        popular: p.popular,
        rank: p.rank,
      }));
    },
  );
};
