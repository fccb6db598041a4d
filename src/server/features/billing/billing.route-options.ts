import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageNumber } from '@shared/schemas/common';
import { errorResponsesFor } from '../../infra/route-errors';

/** The Fastify instance the billing routes are declared on (zod type provider). */
export type BillingApp = Parameters<FastifyPluginAsyncZod>[0];

export const errors = errorResponsesFor(400, 401, 403, 404, 409, 502, 503);
export const tags = ['billing'];
export const technician = { access: 'technician' as const };
export const pageParams = z.object({ page: pageNumber() });
