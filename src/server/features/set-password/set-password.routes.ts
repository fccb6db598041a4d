import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../shared/schemas/common';
import {
  setPasswordCheckSchema,
  setPasswordDoneSchema,
  setPasswordSchema,
} from '../../../shared/schemas/set-password';
import { createSetPasswordService } from './set-password.service';

export const setPasswordRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createSetPasswordService(app);
  // Public: the e-mailed token is the credential (only its SHA-256 is stored).
  const config = { access: 'public' as const, rateLimit: { max: 20, timeWindow: '10 minutes' } };
  const errors = { 400: errorResponseSchema, 429: errorResponseSchema };

  app.get(
    '/api/auth/set-password/:token',
    {
      config,
      schema: {
        tags: ['auth'],
        params: z.object({ token: z.string().max(200) }),
        response: { 200: setPasswordCheckSchema, ...errors },
      },
    },
    async (request) => service.check(request.params.token),
  );

  app.post(
    '/api/auth/set-password',
    {
      config,
      schema: {
        tags: ['auth'],
        body: setPasswordSchema,
        response: { 200: setPasswordDoneSchema, ...errors },
      },
    },
    async (request) => service.set(request.body.token, request.body.password),
  );
};
