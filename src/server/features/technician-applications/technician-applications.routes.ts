import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applicationApprovedSchema,
  applicationCreatedSchema,
  applicationDetailSchema,
  rejectApplicationSchema,
  technicianApplicationSchema,
} from '@shared/schemas/applications';
import { idParamSchema, messageResponseSchema } from '@shared/schemas/common';
import { errorResponses, errorResponsesFor } from '../../infra/route-errors';
import { createTechnicianApplicationsService } from './technician-applications.service';

export const technicianApplicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createTechnicianApplicationsService(app);
  const admin = { access: 'admin' as const };

  // Public: applicants have no account yet. Limited per IP; it sends an e-mail.
  app.post(
    '/api/technician-applications',
    {
      config: { access: 'public', rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        summary: 'Apply to join as a technician',
        operationId: 'submitTechnicianApplication',
        tags: ['technician-applications'],
        body: technicianApplicationSchema,
        response: { 201: applicationCreatedSchema, ...errorResponses, ...errorResponsesFor(429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.submit(request.body, request.user)),
  );

  app.get(
    '/api/admin/applications/:id',
    {
      config: admin,
      schema: {
        summary: 'A technician application (admin)',
        operationId: 'adminGetApplication',
        tags: ['technician-applications'],
        params: idParamSchema,
        response: { 200: applicationDetailSchema, ...errorResponses },
      },
    },
    async (request) => service.detail(request.params.id),
  );

  app.patch(
    '/api/admin/applications/:id/approve',
    {
      config: admin,
      schema: {
        summary: 'Approve a technician application (admin)',
        operationId: 'adminApproveApplication',
        tags: ['technician-applications'],
        params: idParamSchema,
        response: { 200: applicationApprovedSchema, ...errorResponses },
      },
    },
    async (request) => service.approve(request.user!, request.params.id, request.ip),
  );

  app.patch(
    '/api/admin/applications/:id/reject',
    {
      config: admin,
      schema: {
        summary: 'Reject a technician application (admin)',
        operationId: 'adminRejectApplication',
        tags: ['technician-applications'],
        params: idParamSchema,
        body: rejectApplicationSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.reject(request.user!, request.params.id, request.body?.reason, request.ip),
  );
};
