import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminMessageSchema,
  adminMessagesQuerySchema,
  adminMessagesSchema,
  auditActionsSchema,
  auditEntrySchema,
  auditLogQuerySchema,
  messageHandledSchema,
} from '@shared/schemas/admin';
import { idParamSchema } from '@shared/schemas/common';
import { adminJobsQuerySchema, adminJobsSchema } from '@shared/schemas/service-request-views';
import { errorResponsesFor } from '../../infra/route-errors';
import { createAdminRecordsService } from './admin.records.service';

/** The admin's records: service requests, Contact Us messages, the audit log. */
export const adminRecordsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAdminRecordsService(app);
  const errors = errorResponsesFor(400, 401, 403, 404);
  const adminRoute = <R, S extends object = object>(ok: R, schema?: S) => ({
    config: { access: 'admin' as const },
    schema: { tags: ['admin'], ...(schema as S), response: { 200: ok, ...errors } },
  });

  app.get(
    '/api/admin/service-requests',
    adminRoute(adminJobsSchema, {
      summary: 'List service requests (admin)',
      operationId: 'adminListServiceRequests',
      querystring: adminJobsQuerySchema,
    }),
    async (request) => service.serviceRequests(request.query),
  );

  app.get(
    '/api/admin/messages',
    adminRoute(adminMessagesSchema, {
      summary: 'List contact messages (admin)',
      operationId: 'adminListMessages',
      querystring: adminMessagesQuerySchema,
    }),
    async (request) => service.messages(request.query),
  );

  app.patch(
    '/api/admin/messages/:id/handled',
    adminRoute(adminMessageSchema, {
      summary: 'Mark a contact message handled or not (admin)',
      operationId: 'adminSetMessageHandled',
      params: idParamSchema,
      body: messageHandledSchema,
    }),
    async (request) =>
      service.setMessageHandled(request.user!, request.params.id, request.body.handled, request.ip),
  );

  app.get(
    '/api/admin/audit-log',
    adminRoute(z.array(auditEntrySchema), {
      summary: 'Read the audit log (admin)',
      operationId: 'adminListAuditLog',
      querystring: auditLogQuerySchema,
    }),
    async (request, reply) => {
      const { items, total } = await service.auditLog(request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.get(
    '/api/admin/audit-log/actions',
    adminRoute(auditActionsSchema, {
      summary: "List the audit log's action names (admin)",
      operationId: 'adminListAuditActions',
    }),
    async () => service.auditActions(),
  );
};
