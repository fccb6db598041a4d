import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forgotPasswordSchema } from '@shared/schemas/auth';
import { messageResponseSchema } from '@shared/schemas/common';
import {
  setPasswordCheckBodySchema,
  setPasswordCheckSchema,
  setPasswordDoneSchema,
  setPasswordSchema,
} from '@shared/schemas/set-password';
import { errorResponsesFor } from '../../infra/route-errors';
import { createSetPasswordService } from './set-password.service';

export const TOO_MANY_RESET_REQUESTS = 'Too many password reset requests. Please try again later.';

export const setPasswordRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createSetPasswordService(app);
  // Public: the e-mailed token is the credential (only its SHA-256 is stored). It travels in
  // POST bodies only, so it never shows in a URL (request logs, proxies, history).
  const config = { access: 'public' as const, rateLimit: { max: 20, timeWindow: '10 minutes' } };
  const errors = errorResponsesFor(400, 429);

  app.post(
    '/api/auth/set-password/check',
    {
      config,
      schema: {
        summary: 'Check a password link is still valid',
        operationId: 'checkSetPasswordToken',
        tags: ['auth'],
        body: setPasswordCheckBodySchema,
        response: { 200: setPasswordCheckSchema, ...errors },
      },
    },
    async (request) => service.check(request.body.token),
  );

  app.post(
    '/api/auth/set-password',
    {
      config,
      schema: {
        summary: 'Set a new password with a password link',
        operationId: 'setPassword',
        tags: ['auth'],
        body: setPasswordSchema,
        response: { 200: setPasswordDoneSchema, ...errors },
      },
    },
    async (request) => service.set(request.body.token, request.body.password),
  );

  app.post(
    '/api/auth/forgot-password',
    {
      config: {
        access: 'public',
        rateLimit: {
          max: 5,
          timeWindow: '15 minutes',
          errorResponseBuilder: () => ({ statusCode: 429, message: TOO_MANY_RESET_REQUESTS }),
        },
      },
      schema: {
        summary: 'E-mail a link to reset the password',
        operationId: 'forgotPassword',
        tags: ['auth'],
        body: forgotPasswordSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => service.forgot(request.body.email),
  );
};
