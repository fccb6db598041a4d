import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fairPriceQuerySchema, fairPriceSchema } from '@shared/schemas/fair-price';
import { errorResponsesFor } from '../../infra/route-errors';
import { createFairPriceService } from './fair-price.service';

/**
 * The fair-price check (ADR 015): what a service costs in an area, from completed, paid jobs.
 * Public: the figures are aggregates of at least 20 jobs, shown to customers and technicians.
 */
export const fairPriceRoutes: FastifyPluginAsyncZod = async (app) => {
  const fairPrice = createFairPriceService(app);
  app.get(
    '/api/fair-price',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The fair price range for a service',
        operationId: 'getFairPrice',
        tags: ['fair-price'],
        querystring: fairPriceQuerySchema,
        response: { 200: fairPriceSchema, ...errorResponsesFor(400) },
      },
    },
    async (request) => {
      const { serviceType, latitude, longitude } = request.query;
      return fairPrice.at(serviceType, { latitude, longitude });
    },
  );
};
