import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SERVICE_AREA_LABEL } from '@shared/constants/service-area';
import { taxRatesQuerySchema, taxRatesSchema } from '@shared/schemas/tax-rates';
import { errorResponsesFor } from '../../infra/route-errors';
import { createSalesTaxService } from './sales-tax.service';

/** The sales tax of a place of work (docs/decisions/031): what quotes start from. */
export const salesTaxRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createSalesTaxService(app);
  app.get(
    '/api/tax-rates',
    {
      config: { access: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        summary: 'Sales tax rates for a place of work',
        operationId: 'getTaxRates',
        tags: ['pos'],
        description: `The jurisdiction of a ZIP code, town or address in the service area (${SERVICE_AREA_LABEL}) and its rates today, in percent: on parts, and on labour (0 where repair labour stated apart from the parts is not taxed), with the date they took effect and the official source. 400 outside the service area.`,
        querystring: taxRatesQuerySchema,
        response: { 200: taxRatesSchema, ...errorResponsesFor(400, 429) },
      },
    },
    async (request, reply) => {
      const rates = await service.ratesFor(request.query.location);
      // Rates change on dates announced well ahead: an hour's cache is safe.
      reply.header('cache-control', 'public, max-age=3600');
      return rates;
    },
  );
};
