import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dbId } from '@shared/schemas/common';

/** The app as the point of sale's route plugin sees it (zod type provider). */
export type PosApp = Parameters<FastifyPluginAsyncZod>[0];

export const posTags = ['pos'];
export const technicianParams = z.object({ id: dbId() });
