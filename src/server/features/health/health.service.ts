import type { FastifyInstance } from 'fastify';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrationsDir } from '../../infra/paths';
import * as q from './health.queries';

/** How long a readiness probe waits for the technician index's first load. */
const INDEX_WAIT_MS = 2_000;
const PING_WAIT_MS = 1_000;

/** The promise's value, or false after `ms`. */
async function within<T>(ms: number, promise: Promise<T>): Promise<T | false> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<false>((r) => (timer = setTimeout(() => r(false), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export type Check = { ok: boolean; detail?: string };
export type Readiness = {
  ready: boolean;
  failed: string[];
  /** Checks that failed without stopping the instance from serving (Redis: see below). */
  degraded: string[];
  checks: {
    database: Check;
    migrations: Check;
    technicianIndex: Check;
    redis?: Check;
    shutdown: Check;
  };
};

/** Throws when the database does not answer. */
export const pingDatabase = (app: FastifyInstance) => q.ping(app.db);

/**
 * What a load balancer needs before sending traffic (ADR 022): the database answers and holds
 * the app's schema (asked on every probe, by name, cheaply), every committed migration is applied, the technician index has loaded (search and dispatch read
 * it), and the instance is not stopping. Redis is reported but does not fail it: the rate
 * limits are counted in PostgreSQL while it is away, so requests do not notice, and a load
 * balancer following readiness would otherwise take every instance out at once for it.
 */
export function createReadiness(app: FastifyInstance) {
  const migrations = readMigrationFiles({ migrationsFolder: migrationsDir() });
  const expected = Math.max(0, ...migrations.map((m) => m.folderMillis));
  // Applied migrations stay applied while the schema is there: once seen, not asked again; the
  // schema's presence is asked on every probe (a database dropped and re-created under a running
  // instance is empty, and every request would answer 500).
  let migrated = false;
  let schema = false;

  const fail = (detail: string): Check => ({ ok: false, detail });
  const ok: Check = { ok: true };

  async function database(): Promise<Check> {
    try {
      schema = await q.schemaPresent(app.db);
      return ok;
    } catch (err) {
      app.log.error({ err }, 'readiness: database unreachable');
      return fail('unreachable');
    }
  }

  async function migrationsApplied(): Promise<Check> {
    if (!schema) {
      migrated = false;
      return fail('the schema is missing (an empty database?)');
    }
    if (migrated) return ok;
    try {
      const last = await q.lastAppliedMigration(app.db);
      migrated = last !== null && last >= expected;
      return migrated ? ok : fail('not all migrations are applied');
    } catch {
      return fail('not all migrations are applied');
    }
  }

  async function technicianIndex(): Promise<Check> {
    if (app.lifecycle.indexLoaded) return ok;
    const loaded = await within(
      INDEX_WAIT_MS,
      app.technicianIndex.current().then(() => true),
    ).catch(() => false);
    if (loaded) app.lifecycle.indexLoaded = true;
    return loaded ? ok : fail('not loaded yet');
  }

  async function redis(): Promise<Check | undefined> {
    if (!app.redis) return undefined;
    try {
      return (await within(PING_WAIT_MS, app.redis.ping()))
        ? ok
        : fail('no answer; rate limits are counted in PostgreSQL meanwhile');
    } catch {
      return fail('unreachable; rate limits are counted in PostgreSQL meanwhile');
    }
  }

  return async function readiness(): Promise<Readiness> {
    const db = await database();
    const checks: Readiness['checks'] = {
      database: db,
      migrations: db.ok ? await migrationsApplied() : fail('database unreachable'),
      technicianIndex: db.ok ? await technicianIndex() : fail('database unreachable'),
      shutdown: app.lifecycle.shuttingDown ? fail('shutting down') : ok,
    };
    const r = await redis();
    if (r) checks.redis = r;
    const failing = (names: (keyof typeof checks)[]) =>
      names.filter((n) => checks[n] && !checks[n].ok);
    const failed = failing(['database', 'migrations', 'technicianIndex', 'shutdown']);
    return { ready: failed.length === 0, failed, degraded: failing(['redis']), checks };
  };
}
