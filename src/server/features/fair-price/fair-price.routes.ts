import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  fairPriceQuerySchema,
  fairPriceSchema,
  priceEstimateQuerySchema,
  priceEstimateSchema,
} from '@shared/schemas/fair-price';
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

  app.get(
    '/api/price-estimates',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        summary: 'The typical price of a service near a place, before booking',
        operationId: 'getPriceEstimate',
        tags: ['fair-price'],
        description:
          'The first quartile, median and third quartile (in dollars) of what completed, paid jobs of the service type charged in the area of a ZIP code, town or address over the last 12 months, with how many jobs that is. Below `minimumJobs` jobs there is no range, only `jobs`. 400 for a place unknown or outside the service area.',
        querystring: priceEstimateQuerySchema,
        response: { 200: priceEstimateSchema, ...errorResponsesFor(400, 429) },
      },
    },
    async (request, reply) => {
      const { serviceType, location } = request.query;
      const estimate = await fairPrice.estimate(serviceType, location);
      // The figures are rebuilt by a background task, not per request: minutes of cache are fine.
      reply.header('cache-control', 'public, max-age=600');
      return estimate;
    },
  );
};
