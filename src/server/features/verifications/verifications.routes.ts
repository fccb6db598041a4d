import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dbId, idParamSchema, messageResponseSchema } from '@shared/schemas/common';
import {
  adminVerificationSchema,
  createVerificationSchema,
  expiringQuerySchema,
  verificationSchema,
  verificationStatusUpdateSchema,
} from '@shared/schemas/verifications';
import { errorResponses } from '../../infra/route-errors';
import { createVerificationsService } from './verifications.service';

export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createVerificationsService(app);
  const tags = ['verifications'];

  // Pending technicians may see their own list; the URL's id is checked against the session.
  app.get(
    '/api/verifications/technician/:technicianId',
    {
      config: { access: 'technician' },
      schema: {
        summary: "A technician's verifications (licences, insurance, certificates)",
        operationId: 'listVerifications',
        tags,
        params: z.object({ technicianId: dbId() }),
        response: { 200: z.array(verificationSchema), ...errorResponses },
      },
    },
    async (request) => service.listForTechnician(request.user!, request.params.technicianId),
  );

  // A technician awaiting approval adds credentials too: they are part of what is approved.
  app.post(
    '/api/verifications',
    {
      config: { access: 'technician' },
      schema: {
        summary: 'Add a verification document',
        operationId: 'createVerification',
        tags,
        body: createVerificationSchema,
        response: { 201: verificationSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(request.user!, request.body)),
  );

  app.delete(
    '/api/verifications/:id',
    {
      config: { access: 'technician' },
      schema: {
        summary:
          'Remove a verification: a pending one is deleted, a rejected or expired one withdrawn (kept on record)',
        operationId: 'deleteVerification',
        tags,
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.remove(request.user!, request.params.id, request.ip),
  );

  app.patch(
    '/api/verifications/:id/status',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Accept or refuse a verification (admin)',
        operationId: 'setVerificationStatus',
        tags,
        params: idParamSchema,
        body: verificationStatusUpdateSchema,
        response: { 200: verificationSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.setStatus(request.user!, request.params.id, request.body, request.ip),
  );

  app.get(
    '/api/admin/verifications/pending',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Verifications awaiting review (admin)',
        operationId: 'adminListPendingVerifications',
        tags,
        response: { 200: z.array(adminVerificationSchema), ...errorResponses },
      },
    },
    async () => service.pending(),
  );

  app.get(
    '/api/admin/verifications/lapsed',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Rejected and expired verifications still on file (admin), to withdraw',
        operationId: 'adminListLapsedVerifications',
        tags,
        response: { 200: z.array(adminVerificationSchema), ...errorResponses },
      },
    },
    async () => service.lapsed(),
  );

  app.get(
    '/api/admin/verifications/expiring',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Verifications expiring soon (admin)',
        operationId: 'adminListExpiringVerifications',
        tags,
        querystring: expiringQuerySchema,
        response: { 200: z.array(adminVerificationSchema), ...errorResponses },
      },
    },
    async (request) => service.expiring(request.query.days),
  );
};
