import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fairPriceQuerySchema, fairPriceSchema } from '@shared/schemas/fair-price';
import { fairPriceFor } from '../../lib/fair-price';
import { errorResponsesFor } from '../../lib/route-errors';

/**
 * The fair-price check (ADR 015): what a service costs in an area, from completed, paid jobs.
 * Public: the figures are aggregates of at least 20 jobs, shown to customers and technicians.
 */
export const fairPriceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/fair-price',
    {
      config: { access: 'public' },
      schema: {
        tags: ['fair-price'],
        querystring: fairPriceQuerySchema,
        response: { 200: fairPriceSchema, ...errorResponsesFor(400) },
      },
    },
    async (request) => {
      const { serviceType, latitude, longitude } = request.query;
      return fairPriceFor(app.db, serviceType, { latitude, longitude });
    },
  );
};
