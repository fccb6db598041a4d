import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@shared/schemas/common';
import { publicReviewSchema, reviewsPageQuerySchema } from '@shared/schemas/reviews';
import {
  marketplaceStatsSchema,
  technicianSchema,
  technicianSearchSchema,
} from '@shared/schemas/technicians';
import { errorResponsesFor } from '../../infra/route-errors';
import { createTechnicianService } from './technicians.service';

export const technicianRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createTechnicianService(app);
  const listResponse = { 200: z.array(technicianSchema), ...errorResponsesFor(400) };

  app.get(
    '/api/technicians',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Find technicians',
        operationId: 'searchTechnicians',
        tags: ['technicians'],
        querystring: technicianSearchSchema,
        response: listResponse,
      },
    },
    async (request, reply) => {
      const { body, total } = await service.search(request.query, request.user);
      // Already serialized (and cached) as the technician schema's JSON.
      return reply
        .header('x-total-count', String(total))
        .type('application/json; charset=utf-8')
        .send(body as never);
    },
  );

  app.post(
    '/api/technicians/search',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Find technicians (criteria in the body)',
        operationId: 'searchTechniciansByBody',
        tags: ['technicians'],
        body: technicianSearchSchema,
        response: listResponse,
      },
    },
    async (request, reply) => {
      const { body, total } = await service.search(request.body, request.user);
      return reply
        .header('x-total-count', String(total))
        .type('application/json; charset=utf-8')
        .send(body as never);
    },
  );

  app.get(
    '/api/stats',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Marketplace figures for the home page',
        operationId: 'getStats',
        tags: ['technicians'],
        response: { 200: marketplaceStatsSchema },
      },
    },
    async () => service.stats(),
  );

  app.get(
    '/api/technicians/:id',
    {
      config: { access: 'public' },
      schema: {
        summary: "A technician's public profile",
        operationId: 'getTechnician',
        tags: ['technicians'],
        params: idParamSchema,
        response: { 200: technicianSchema, ...errorResponsesFor(404) },
      },
    },
    async (request) => service.get(request.params.id, request.user),
  );

  app.get(
    '/api/technicians/:id/reviews',
    {
      config: { access: 'public' },
      schema: {
        summary: "A technician's reviews",
        operationId: 'listTechnicianReviews',
        tags: ['technicians'],
        params: idParamSchema,
        querystring: reviewsPageQuerySchema,
        response: { 200: z.array(publicReviewSchema), ...errorResponsesFor(400, 404) },
      },
    },
    async (request, reply) => {
      // offset/limit ('View All Reviews', load more) or page/pageSize.
      const { page, pageSize, offset, limit } = request.query;
      const { items, total } = await service.reviews(
        request.params.id,
        offset ?? (page - 1) * (limit ?? pageSize),
        limit ?? pageSize,
      );
      reply.header('x-total-count', String(total));
      return items;
    },
  );
};
