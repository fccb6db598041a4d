import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../shared/schemas/common';

/** The Fastify instance the billing routes are declared on (zod type provider). */
export type BillingApp = Parameters<FastifyPluginAsyncZod>[0];

export const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  502: errorResponseSchema,
  503: errorResponseSchema,
};
export const tags = ['billing'];
export const technician = { access: 'technician' as const };
export const pageParams = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
