import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  v1InvoicesSchema,
  v1JobDetailSchema,
  v1JobsSchema,
  v1PageQuerySchema,
  v1PaymentsSchema,
  v1QuotesSchema,
} from '@shared/schemas/api-v1';
import { safeText } from '@shared/schemas/common';
import { errorResponsesFor } from '../../infra/route-errors';
import { createApiV1Service } from './api-v1.service';

/** The OpenAPI security scheme these routes declare (defined in app.ts). */
export const API_TOKEN_SCHEME = 'apiToken';

/**
 * The read-only API (Professional): a personal API token in `Authorization: Bearer`, never a
 * cookie; 60 requests a minute per token (the access plugin checks both).
 */
export const apiV1Routes: FastifyPluginAsyncZod = async (app) => {
  const service = createApiV1Service(app);
  const common = {
    tags: ['api-v1'],
    security: [{ [API_TOKEN_SCHEME]: [] }],
  };
  const errors = errorResponsesFor(400, 401, 403, 429);
  const config = { access: 'api-token' as const };
  const me = (request: { apiClient: { technicianId: number } | null }) =>
    request.apiClient!.technicianId;

  app.get(
    '/api/v1/jobs',
    {
      config,
      schema: {
        operationId: 'v1ListJobs',
        ...common,
        summary: 'Your jobs (assigned to you), newest first',
        querystring: v1PageQuerySchema,
        response: { 200: v1JobsSchema, ...errors },
      },
    },
    async (request) => service.jobs(me(request), request.query),
  );

  app.get(
    '/api/v1/jobs/:reference',
    {
      config,
      schema: {
        operationId: 'v1GetJob',
        ...common,
        summary: 'One of your jobs with its quotes, invoices and payments',
        params: z.object({ reference: safeText().max(40) }),
        response: { 200: v1JobDetailSchema, ...errors, ...errorResponsesFor(404) },
      },
    },
    async (request) => service.job(me(request), request.params.reference),
  );

  app.get(
    '/api/v1/quotes',
    {
      config,
      schema: {
        operationId: 'v1ListQuotes',
        ...common,
        summary: 'Your quotes, newest first',
        querystring: v1PageQuerySchema,
        response: { 200: v1QuotesSchema, ...errors },
      },
    },
    async (request) => service.quotes(me(request), request.query),
  );

  app.get(
    '/api/v1/invoices',
    {
      config,
      schema: {
        operationId: 'v1ListInvoices',
        ...common,
        summary: 'Your invoices, newest first',
        querystring: v1PageQuerySchema,
        response: { 200: v1InvoicesSchema, ...errors },
      },
    },
    async (request) => service.invoices(me(request), request.query),
  );

  app.get(
    '/api/v1/payments',
    {
      config,
      schema: {
        operationId: 'v1ListPayments',
        ...common,
        summary: 'Payments you took at the point of sale, newest first',
        querystring: v1PageQuerySchema,
        response: { 200: v1PaymentsSchema, ...errors },
      },
    },
    async (request) => service.payments(me(request), request.query),
  );
};
