import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appConfigSchema } from '../../../shared/schemas/common';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  uptimeSeconds: z.number(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], response: { 200: healthSchema, 503: healthSchema } },
    },
    async (_request, reply) => {
      const uptimeSeconds = Math.round(process.uptime());
      try {
        await app.db.execute(sql`select 1`);
        return { status: 'ok' as const, database: 'up' as const, uptimeSeconds };
      } catch (err) {
        app.log.error({ err }, 'health check: database unreachable');
        return reply.status(503).send({ status: 'degraded', database: 'down', uptimeSeconds });
      }
    },
  );

  /** What the client needs to know about this deployment. */
  app.get(
    '/api/config',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], response: { 200: appConfigSchema } },
    },
    async () => ({ demoMode: app.config.demoMode }),
  );
};
