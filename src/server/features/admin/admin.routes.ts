import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { USER_STATUSES } from '@shared/constants/domain';
import {
  adminTechnicianSchema,
  adminUserSchema,
  overviewSchema,
  pendingApprovalSchema,
  rejectUserSchema,
  roleChangeSchema,
  technicianActionSchema,
  userListQuerySchema,
} from '@shared/schemas/admin';
import { idParamSchema, messageResponseSchema, pageNumber } from '@shared/schemas/common';
import { revenueSchema, statementQuerySchema } from '@shared/schemas/statements';
import { errorResponses } from '../../infra/route-errors';
import { revenue } from './admin.revenue';
import { createAdminService } from './admin.service';

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAdminService(app);
  // Every admin route: admin access, under 'admin' in the OpenAPI document, the same errors.
  const adminRoute = <R, S extends object = object>(ok: R, schema?: S) => ({
    config: { access: 'admin' as const },
    schema: { tags: ['admin'], ...(schema as S), response: { 200: ok, ...errorResponses } },
  });

  app.get(
    '/api/admin/overview',
    adminRoute(overviewSchema, {
      summary: 'Marketplace overview figures (admin)',
      operationId: 'adminGetOverview',
    }),
    async () => service.overview(),
  );

  app.get(
    '/api/admin/users',
    adminRoute(z.array(adminUserSchema), {
      summary: 'List users, one page (admin)',
      operationId: 'adminListUsers',
      querystring: userListQuerySchema,
    }),
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
    adminRoute(z.array(pendingApprovalSchema), {
      summary: 'Accounts awaiting approval (admin)',
      operationId: 'adminListPendingApprovals',
    }),
    async () => service.pendingApprovals(),
  );

  app.patch(
    '/api/admin/users/:id/approve',
    adminRoute(messageResponseSchema, {
      summary: 'Approve a registration (admin)',
      operationId: 'adminApproveUser',
      params: idParamSchema,
    }),
    async (request) => {
      await service.approveUser(request.user!, request.params.id, request.ip);
      return { message: 'User approved' };
    },
  );

  app.patch(
    '/api/admin/users/:id/reject',
    adminRoute(messageResponseSchema, {
      summary: 'Reject a registration (admin)',
      operationId: 'adminRejectUser',
      params: idParamSchema,
      body: rejectUserSchema,
    }),
    async (request) => {
      await service.rejectUser(request.user!, request.params.id, request.body.reason, request.ip);
      return { message: 'Registration rejected' };
    },
  );

  app.patch(
    '/api/admin/users/:id/role',
    adminRoute(messageResponseSchema, {
      summary: "Change a user's role (admin)",
      operationId: 'adminChangeUserRole',
      params: idParamSchema,
      body: roleChangeSchema,
    }),
    async (request) => {
      await service.changeRole(request.user!, request.params.id, request.body.role, request.ip);
      return { message: 'Role updated' };
    },
  );

  app.get(
    '/api/admin/technicians',
    adminRoute(z.array(adminTechnicianSchema), {
      summary: 'List technicians, one page (admin)',
      operationId: 'adminListTechnicians',
      querystring: z.object({
        search: z.string().trim().max(100).optional(),
        status: z.enum(USER_STATUSES).optional(),
        page: pageNumber(),
        pageSize: z.coerce.number().int().min(1).max(100).default(25),
      }),
    }),
    async (request, reply) => {
      const { items, total } = await service.technicians(request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.patch(
    '/api/admin/technicians/:id/status',
    adminRoute(messageResponseSchema, {
      summary: 'Approve, suspend or reinstate a technician (admin)',
      operationId: 'adminSetTechnicianStatus',
      params: idParamSchema,
      body: technicianActionSchema,
    }),
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

  // Platform revenue (plans) month by month, with technicians' card volume apart (not ours).
  app.get(
    '/api/admin/revenue',
    adminRoute(revenueSchema, {
      summary: "Platform revenue and technicians' card volume by month (admin)",
      operationId: 'adminGetRevenue',
      querystring: statementQuerySchema,
    }),
    async (request) => revenue(app, request.query),
  );
};
