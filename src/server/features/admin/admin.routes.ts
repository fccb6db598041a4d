import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { USER_STATUSES } from '../../../shared/constants/domain';
import {
  adminTechnicianSchema,
  adminUserSchema,
  auditEntrySchema,
  overviewSchema,
  pendingApprovalSchema,
  rejectUserSchema,
  roleChangeSchema,
  technicianActionSchema,
  userListQuerySchema,
} from '../../../shared/schemas/admin';
import {
  errorResponseSchema,
  idParamSchema,
  messageResponseSchema,
} from '../../../shared/schemas/common';
import { createAdminService } from './admin.service';

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAdminService(app);
  const admin = { access: 'admin' as const };
  const errors = {
    400: errorResponseSchema,
    401: errorResponseSchema,
    403: errorResponseSchema,
    404: errorResponseSchema,
    409: errorResponseSchema,
  };

  app.get(
    '/api/admin/overview',
    { config: admin, schema: { tags: ['admin'], response: { 200: overviewSchema, ...errors } } },
    async () => service.overview(),
  );

  app.get(
    '/api/admin/users',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        querystring: userListQuerySchema,
        response: { 200: z.array(adminUserSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { page, pageSize, ...f } = request.query;
      const { items, total } = await service.users({
        ...f,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.get(
    '/api/admin/pending-approvals',
    {
      config: admin,
      schema: { tags: ['admin'], response: { 200: z.array(pendingApprovalSchema), ...errors } },
    },
    async () => service.pendingApprovals(),
  );

  app.patch(
    '/api/admin/users/:id/approve',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.approveUser(request.user!, request.params.id, request.ip);
      return { message: 'User approved' };
    },
  );

  app.patch(
    '/api/admin/users/:id/reject',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        params: idParamSchema,
        body: rejectUserSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.rejectUser(request.user!, request.params.id, request.body.reason, request.ip);
      return { message: 'Registration rejected' };
    },
  );

  app.patch(
    '/api/admin/users/:id/role',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        params: idParamSchema,
        body: roleChangeSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.changeRole(request.user!, request.params.id, request.body.role, request.ip);
      return { message: 'Role updated' };
    },
  );

  app.get(
    '/api/admin/technicians',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        querystring: z.object({
          search: z.string().trim().max(100).optional(),
          status: z.enum(USER_STATUSES).optional(),
          page: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(25),
        }),
        response: { 200: z.array(adminTechnicianSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { items, total } = await service.technicians(request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.patch(
    '/api/admin/technicians/:id/status',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        params: idParamSchema,
        body: technicianActionSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.technicianAction(
        request.user!,
        request.params.id,
        request.body.action,
        request.ip,
      );
      const done = {
        approve: 'Technician approved',
        suspend: 'Technician suspended',
        reinstate: 'Technician reinstated',
      };
      return { message: done[request.body.action] };
    },
  );

  app.get(
    '/api/admin/audit-log',
    {
      config: admin,
      schema: {
        tags: ['admin'],
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: z.array(auditEntrySchema), ...errors },
      },
    },
    async (request) => service.auditLog(request.query.limit),
  );
};
