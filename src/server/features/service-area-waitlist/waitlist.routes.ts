import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SERVICE_AREA_LABEL } from '@shared/constants/service-area';
import {
  waitlistAnswerSchema,
  waitlistEntrySchema,
  waitlistRequestSchema,
} from '@shared/schemas/service-area-waitlist';
import { errorResponsesFor } from '../../infra/route-errors';
import { createWaitlistService } from './waitlist.service';

/** The list of people outside the service area who asked to hear when Wrenchly gets there. */
export const serviceAreaWaitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createWaitlistService(app);
  const admin = { config: { access: 'admin' as const } };

  app.post(
    '/api/service-area/waitlist',
    {
      // Anyone may ask, but not for a crowd: an address is taken five times an hour.
      config: { access: 'public', rateLimit: { max: 5, timeWindow: '1 hour' } },
      schema: {
        summary: 'Ask to be e-mailed when Wrenchly serves a place',
        operationId: 'joinServiceAreaWaitlist',
        tags: ['service-area'],
        description: `For a place outside the service area (${SERVICE_AREA_LABEL}): the address and the consent are kept, and the answer is the same whether the address was on the list already. 400 for a place the area already covers.`,
        body: waitlistRequestSchema,
        response: { 201: waitlistAnswerSchema, ...errorResponsesFor(400, 429) },
      },
    },
    async (request, reply) => reply.status(201).send(await service.join(request.body)),
  );

  app.get(
    '/api/admin/service-area-waitlist',
    {
      ...admin,
      schema: {
        summary: 'People waiting for Wrenchly to serve their place (admin)',
        operationId: 'adminListServiceAreaWaitlist',
        tags: ['admin'],
        response: { 200: z.array(waitlistEntrySchema), ...errorResponsesFor(401, 403) },
      },
    },
    async () => service.list(),
  );

  app.get(
    '/api/admin/service-area-waitlist.csv',
    {
      ...admin,
      schema: {
        summary: 'Export the service area waiting list as CSV (admin)',
        operationId: 'adminExportServiceAreaWaitlist',
        tags: ['admin'],
        response: { 200: z.string(), ...errorResponsesFor(401, 403) },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="service-area-waitlist.csv"')
        .header('cache-control', 'no-store')
        .send(await service.csv()),
  );
};
