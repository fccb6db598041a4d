import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from '../infra/app-error';
import { outboxBacklog, paymentsByState } from '../infra/metrics.queries';
import { openStreamCount } from '../infra/sse';

export type AppMetrics = {
  readonly registry: Registry;
  /** A background task's run (recorded by the task runner). */
  taskRun(name: string, seconds: number, ok: boolean): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics; null when METRICS_TOKEN is unset (nothing is measured then). */
    metrics: AppMetrics | null;
  }
}

/** Same length and same bytes, in constant time. */
function sameToken(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `GET /metrics` in Prometheus' text format, for an operator's scraper: request durations by
 * route pattern, method and status; the database pool; the outbox's depth and oldest message per
 * channel; open event streams; rate-limit refusals; payments by state; background task runs.
 * Answers only `Authorization: Bearer $METRICS_TOKEN` (401 otherwise); without a token set the
 * route does not exist (404) and nothing is measured.
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const token = app.config.metricsToken;
  if (!token) {
    app.decorate('metrics', null);
    return;
  }
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const refused = new Counter({
    name: 'rate_limit_refusals_total',
    help: 'Requests refused by a rate limit (429), by route pattern',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  const taskRuns = new Counter({
    name: 'background_task_runs_total',
    help: 'Background task runs on this instance, by task and outcome',
    labelNames: ['task', 'outcome'] as const,
    registers: [registry],
  });
  const taskSeconds = new Histogram({
    name: 'background_task_duration_seconds',
    help: 'How long a background task run took, by task',
    labelNames: ['task'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
    registers: [registry],
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (in use, idle, waiting for one)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = app.database.pool;
      if (!pool) return;
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'event_streams_open',
    help: 'Server-Sent Event streams open on this instance',
    registers: [registry],
    collect() {
      this.set(openStreamCount(app));
    },
  });
  const outboxDepth = new Gauge({
    name: 'outbox_depth',
    help: 'Messages waiting to be delivered, by channel',
    labelNames: ['channel'] as const,
    registers: [registry],
  });
  const outboxAge = new Gauge({
    name: 'outbox_oldest_age_seconds',
    help: 'How long the oldest waiting message has waited, by channel',
    labelNames: ['channel'] as const,
    registers: [registry],
  });
  const paymentStates = new Gauge({
    name: 'payments',
    help: 'Payments by kind (plan, pos) and state',
    labelNames: ['kind', 'state'] as const,
    registers: [registry],
  });

  /** The database's figures, read when scraped (one round of queries per scrape). */
  async function readDatabase() {
    outboxDepth.reset();
    outboxAge.reset();
    for (const row of await outboxBacklog(app.db, app.clock())) {
      outboxDepth.set({ channel: row.channel }, row.depth);
      outboxAge.set({ channel: row.channel }, row.oldestSeconds);
    }
    paymentStates.reset();
    const { plan, pos } = await paymentsByState(app.db);
    for (const r of plan) paymentStates.set({ kind: 'plan', state: r.status }, r.n);
    for (const r of pos) paymentStates.set({ kind: 'pos', state: r.status }, r.n);
  }

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe(
      { route, method: request.method, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    if (reply.statusCode === 429) refused.inc({ route });
  });

  app.decorate('metrics', {
    registry,
    taskRun(name: string, seconds: number, ok: boolean) {
      taskRuns.inc({ task: name, outcome: ok ? 'ok' : 'failed' });
      taskSeconds.observe({ task: name }, seconds);
    },
  });

  app.get(
    '/metrics',
    {
      config: { access: 'public' },
      schema: { hide: true },
    },
    async (request, reply) => {
      const auth = request.headers.authorization ?? '';
      if (!auth.startsWith('Bearer ') || !sameToken(auth.slice(7), token))
        throw new AppError(401, 'A metrics token is required');
      await readDatabase();
      return reply
        .type(registry.contentType)
        .header('cache-control', 'no-store')
        .send(await registry.metrics());
    },
  );
});
