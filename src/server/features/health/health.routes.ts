import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appConfigSchema } from '@shared/schemas/common';
import { createReadiness, pingDatabase } from './health.service';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  uptimeSeconds: z.number(),
});

const checkSchema = z.object({ ok: z.boolean(), detail: z.string().optional() });
const readySchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  /** The names of the checks that failed. */
  failed: z.array(z.string()),
  /** Checks that failed without making the instance unavailable (Redis: limits fall back). */
  degraded: z.array(z.string()),
  checks: z.object({
    database: checkSchema,
    migrations: checkSchema,
    technicianIndex: checkSchema,
    redis: checkSchema.optional(),
    shutdown: checkSchema,
  }),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const readiness = createReadiness(app);

  /** For load balancers: the process is up (nothing else is checked). */
  app.get(
    '/api/health/live',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Liveness: the process is up',
        operationId: 'getLiveness',
        tags: ['health'],
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  /**
   * For load balancers: this instance can serve (database, migrations, technician index); 503
   * naming what failed, and 503 while it shuts down. Redis, when configured, is reported under
   * `degraded` without failing it (ADR 022).
   */
  app.get(
    '/api/health/ready',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Readiness: this instance can serve',
        operationId: 'getReadiness',
        tags: ['health'],
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (_request, reply) => {
      const r = await readiness();
      return reply.status(r.ready ? 200 : 503).send({
        status: r.ready ? 'ready' : 'unavailable',
        failed: r.failed,
        degraded: r.degraded,
        checks: r.checks,
      });
    },
  );

  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Health of the app and its services',
        operationId: 'getHealth',
        tags: ['health'],
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const uptimeSeconds = Math.round(process.uptime());
      try {
        await pingDatabase(app);
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
      schema: {
        summary: 'What the web app needs to know about this deployment',
        operationId: 'getAppConfig',
        tags: ['health'],
        response: { 200: appConfigSchema },
      },
    },
    async () => ({ demoMode: app.config.demoMode, socialLinks: app.config.socialLinks }),
  );
};
