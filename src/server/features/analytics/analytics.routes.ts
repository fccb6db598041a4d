import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { analyticsQuerySchema, analyticsSummarySchema } from '@shared/schemas/analytics';
import { errorResponses } from '../../infra/route-errors';
import { analyticsExport, analyticsSummary } from './analytics.service';

const tags = ['analytics'];

/**
 * The signed-in technician's analytics (ADR 015): the basic set on Premium, everything and
 * the CSV export on Professional; Free and Basic get a 403 naming the plans that include it.
 */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/analytics/summary',
    {
      config: { access: 'approved-technician' },
      schema: {
        summary: 'Business analytics summary for a period',
        operationId: 'getAnalyticsSummary',
        tags,
        querystring: analyticsQuerySchema,
        response: { 200: analyticsSummarySchema, ...errorResponses },
      },
    },
    async (request) => analyticsSummary(app, request.user, request.query),
  );

  app.get(
    '/api/analytics/export.csv',
    {
      config: { access: 'approved-technician' },
      schema: {
        summary: 'Export the analytics as CSV',
        operationId: 'exportAnalyticsCsv',
        tags,
        querystring: analyticsQuerySchema,
        response: { 200: z.string(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { filename, csv } = await analyticsExport(app, request.user, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
};
