import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiTokenListSchema,
  createApiTokenSchema,
  createdApiTokenSchema,
} from '@shared/schemas/api-tokens';
import { idParamSchema, messageResponseSchema } from '@shared/schemas/common';
import { AppError } from '../../infra/app-error';
import { errorResponses, errorResponsesFor } from '../../infra/route-errors';
import type { SessionUser } from '../../infra/session';
import { createApiTokensService } from './api-tokens.service';

const ownTechnicianId = (user: SessionUser | null) => {
  if (user?.technicianId == null) throw new AppError(403, 'Only technicians have API tokens');
  return user.technicianId;
};

/** Managing personal API tokens: with the technician's session (the tokens open /api/v1 only). */
export const apiTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createApiTokensService(app);
  const tags = ['api-tokens'];

  app.get(
    '/api/technicians/me/api-tokens',
    {
      config: { access: 'approved-technician' },
      schema: {
        summary: 'List your API tokens',
        operationId: 'listApiTokens',
        tags,
        response: { 200: apiTokenListSchema, ...errorResponsesFor(401, 403) },
      },
    },
    async (request) => service.list(ownTechnicianId(request.user)),
  );

  app.post(
    '/api/technicians/me/api-tokens',
    {
      config: { access: 'approved-technician' },
      schema: {
        summary: 'Create an API token (shown once)',
        operationId: 'createApiToken',
        tags,
        body: createApiTokenSchema,
        response: { 201: createdApiTokenSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .header('cache-control', 'no-store')
        .send(await service.create(ownTechnicianId(request.user), request.body.name)),
  );

  app.delete(
    '/api/technicians/me/api-tokens/:id',
    {
      config: { access: 'approved-technician' },
      schema: {
        summary: 'Revoke an API token',
        operationId: 'revokeApiToken',
        tags,
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.revoke(ownTechnicianId(request.user), request.params.id),
  );
};
