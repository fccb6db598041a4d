import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { OUTBOX_CHANNELS, type OutboxChannel } from '@shared/schemas/notifications';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from '../infra/app-error';
import { readBackupLastSuccess } from '../infra/backup/last-success';
import { outboxBacklog, paymentsByState } from '../infra/metrics.queries';
import type { DeliveryResult } from '../infra/outbox';
import { openStreamCount } from '../infra/sse';

export type AppMetrics = {
  readonly registry: Registry;
  /** A background task's run (recorded by the task runner). */
  taskRun(name: string, seconds: number, ok: boolean): void;
  /** A background task this instance may run: its run counts start at 0. */
  taskKnown(name: string): void;
  /** One outbox delivery attempt's recorded result (the outbox worker). */
  outboxDelivery(channel: OutboxChannel, result: DeliveryResult): void;
  /** A dispatch started (first or again): the denominator of the unmatched share. */
  dispatchStarted(): void;
  /** Seconds from a request's creation to its first technician notification. */
  dispatchFirstNotification(seconds: number): void;
  /** A dispatch that ended unmatched, and why. */
  dispatchUnmatched(reason: 'no_one_to_ask' | 'nobody_accepted'): void;
  /** A technician index catch-up that moved the store, and how long it took. */
  indexCatchUp(seconds: number, kind: 'full' | 'changes'): void;
  /** A stored file asked for and not found (its record stayed; the route answered 404). */
  storageObjectMissing(): void;
  /** A duplicate payment request that found the first one still with the provider, and waited. */
  paymentRetryWaited(): void;
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
 * channel and deliveries by result; open event streams; rate-limit refusals; payments by state;
 * background task runs; dispatch (time to the first notification, unmatched dispatches); the
 * technician index's lag and catch-ups; the last backup's time (with BACKUP_DIR); whether the
 * database could be read, and how old the figures read from it are (the last good read's, while
 * it is away: the route answers 200 without it).
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

  const outboxDeliveries = new Counter({
    name: 'wrenchly_outbox_deliveries_total',
    help: 'Outbox delivery attempts by this instance, by channel and result (sent, retry, failed, canceled, deferred: put back untried while the service is unreachable)',
    labelNames: ['channel', 'outcome'] as const,
    registers: [registry],
  });
  const dispatches = new Counter({
    name: 'wrenchly_dispatches_started_total',
    help: 'Dispatches started by this instance (a request sent to technicians, first or again)',
    registers: [registry],
  });
  const firstNotification = new Histogram({
    name: 'wrenchly_dispatch_first_notification_seconds',
    help: "Time from a service request's creation to its first technician notification",
    buckets: [0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 900, 1800],
    registers: [registry],
  });
  const unmatched = new Counter({
    name: 'wrenchly_dispatch_unmatched_total',
    help: 'Dispatches that ended unmatched, by reason (no_one_to_ask, nobody_accepted)',
    labelNames: ['reason'] as const,
    registers: [registry],
  });
  const indexCatchUps = new Histogram({
    name: 'wrenchly_technician_index_catch_up_seconds',
    help: 'How long a technician index catch-up took, by kind (changes, full load)',
    labelNames: ['kind'] as const,
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
    registers: [registry],
  });
  const indexLag = new Gauge({
    name: 'wrenchly_technician_index_version_lag',
    help: "Versions this instance's technician index is behind the database (absent before its first load)",
    registers: [registry],
  });
  const backupDir = app.config.backupDir;
  const backupLastSuccess = backupDir
    ? new Gauge({
        name: 'wrenchly_backup_last_success_timestamp_seconds',
        help: 'When the last backup succeeded (unix seconds, from $BACKUP_DIR/LAST_SUCCESS; 0: none known)',
        registers: [registry],
      })
    : null;
  const missingObjects = new Counter({
    name: 'wrenchly_storage_missing_objects_total',
    help: 'Stored files asked for and not found on the disk or in the bucket (photos, documents, logos whose record stayed); each answered 404',
    registers: [registry],
  });
  const retriesWaited = new Counter({
    name: 'wrenchly_payment_retries_waited_total',
    help: 'Payment requests repeating an idempotency key whose first request was still with the provider: each waited for its outcome instead of charging again',
    registers: [registry],
  });
  const databaseUp = new Gauge({
    name: 'wrenchly_database_up',
    help: 'Whether this instance could read the database when scraped (1) or not (0: the figures read from it are the last good ones, wrenchly_database_read_age_seconds old)',
    registers: [registry],
  });
  const databaseReadAge = new Gauge({
    name: 'wrenchly_database_read_age_seconds',
    help: 'Age of the figures read from the database (outbox, payments, index lag): seconds since they were last read (since the start when never)',
    registers: [registry],
  });
  // Zero, not absent, before the first event: rate() and the alerts see a series from the start.
  for (const reason of ['no_one_to_ask', 'nobody_accepted'] as const) unmatched.inc({ reason }, 0);
  // Every channel and result, so that the first failures after a start count in increase().
  const results: DeliveryResult[] = ['sent', 'retry', 'failed', 'canceled', 'deferred'];
  for (const channel of OUTBOX_CHANNELS)
    for (const outcome of results) outboxDeliveries.inc({ channel, outcome }, 0);

  /** This instance's own figures, read when scraped (no database). */
  async function readInstance() {
    if (backupLastSuccess && backupDir)
      backupLastSuccess.set(await readBackupLastSuccess(backupDir));
  }

  /** When the database's figures were last read (ms since the epoch); the start until then. */
  let lastDatabaseRead = Date.now() - process.uptime() * 1000;
  let databaseWasUp = true;

  /**
   * The database's figures, read when scraped (one round of queries per scrape). All are read
   * before any gauge changes: a database lost midway leaves the last good set whole. Without the
   * database the scrape still answers (process figures, `wrenchly_database_up 0`), so
   * Prometheus does not read a live process as down.
   */
  async function readDatabase() {
    try {
      const backlog = await outboxBacklog(app.db, app.clock());
      const { plan, pos } = await paymentsByState(app.db);
      const lag = await app.technicianIndex.versionLag();
      outboxDepth.reset();
      outboxAge.reset();
      for (const row of backlog) {
        outboxDepth.set({ channel: row.channel }, row.depth);
        outboxAge.set({ channel: row.channel }, row.oldestSeconds);
      }
      paymentStates.reset();
      for (const r of plan) paymentStates.set({ kind: 'plan', state: r.status }, r.n);
      for (const r of pos) paymentStates.set({ kind: 'pos', state: r.status }, r.n);
      if (lag === null) indexLag.reset();
      else indexLag.set(lag);
      lastDatabaseRead = Date.now();
      databaseUp.set(1);
      if (!databaseWasUp) app.log.info('metrics: the database answers again');
      databaseWasUp = true;
    } catch (err) {
      databaseUp.set(0);
      // Once per outage: Prometheus scrapes every 15 s.
      if (databaseWasUp) app.log.warn({ err }, 'metrics: database unreadable; last figures kept');
      databaseWasUp = false;
    }
    databaseReadAge.set((Date.now() - lastDatabaseRead) / 1000);
  }

  // A callback hook: no promise made per answer for work that never waits.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe(
      { route, method: request.method, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    if (reply.statusCode === 429) refused.inc({ route });
    done();
  });

  app.decorate('metrics', {
    registry,
    taskKnown(name: string) {
      for (const outcome of ['ok', 'failed']) taskRuns.inc({ task: name, outcome }, 0);
    },
    taskRun(name: string, seconds: number, ok: boolean) {
      taskRuns.inc({ task: name, outcome: ok ? 'ok' : 'failed' });
      taskSeconds.observe({ task: name }, seconds);
    },
    outboxDelivery(channel, result) {
      outboxDeliveries.inc({ channel, outcome: result });
    },
    dispatchStarted() {
      dispatches.inc();
    },
    dispatchFirstNotification(seconds) {
      firstNotification.observe(seconds);
    },
    dispatchUnmatched(reason) {
      unmatched.inc({ reason });
    },
    indexCatchUp(seconds, kind) {
      indexCatchUps.observe({ kind }, seconds);
    },
    storageObjectMissing() {
      missingObjects.inc();
    },
    paymentRetryWaited() {
      retriesWaited.inc();
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
      await readInstance();
      return reply
        .type(registry.contentType)
        .header('cache-control', 'no-store')
        .send(await registry.metrics());
    },
  );
});
