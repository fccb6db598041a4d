import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  technicianJobsQuerySchema,
  technicianJobsSchema,
} from '@shared/schemas/service-request-views';
import { errorResponsesFor } from '../../infra/route-errors';
import { createJobsService } from './jobs.service';

/** The technician's list of their jobs; each job itself is a service request's page. */
export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createJobsService(app);

  app.get(
    '/api/jobs',
    {
      config: { access: 'technician' },
      schema: {
        summary: 'Your jobs (technician)',
        operationId: 'listJobs',
        tags: ['jobs'],
        description:
          "The signed-in technician's jobs: active (accepted, scheduled, en route, in progress) and past, a page of each (the same `page` for both, `pageSize` jobs, 20 by default), searched by `q` (a reference like WR-000123, or part of the customer's name, the service, the location or the vehicle; case-insensitive). `activeTotal` and `pastTotal` say how many match in each list.",
        querystring: technicianJobsQuerySchema,
        response: { 200: technicianJobsSchema, ...errorResponsesFor(400, 401, 403) },
      },
    },
    async (request) => service.listForTechnician(request.user!, request.query),
  );
};
