import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/client';
import { technicians } from '../src/server/db/schema';
import { giveBenchTechniciansPlans } from '../scripts/bench-plans';

export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

/**
 * A database holding at least `n` technicians: PostgreSQL (BENCH_DATABASE_URL, or a
 * `wrenchly_bench` database created next to DATABASE_URL / the local server) when reachable,
 * else embedded PGlite in a temporary directory. Seeds with `npm run seed:big` when short.
 */
export async function benchDatabase(
  n: number,
): Promise<{ database: Database; url?: string; dataDir?: string }> {
  let url = process.env.BENCH_DATABASE_URL;
  if (!url && arg('embedded', 'false') !== 'true') {
    const base = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
    try {
      const admin = new pg.Client({ connectionString: base, connectionTimeoutMillis: 2000 });
      await admin.connect();
      const exists = await admin.query(
        `select 1 from pg_database where datname = 'wrenchly_bench'`,
      );
      if (exists.rowCount === 0) await admin.query('create database wrenchly_bench');
      await admin.end();
      const u = new URL(base);
      u.pathname = '/wrenchly_bench';
      url = u.toString();
    } catch {
      url = undefined;
    }
  }
  const dataDir = url ? undefined : mkdtempSync(path.join(tmpdir(), 'wrenchly-bench-'));
  const open = () =>
    url
      ? openDatabase({ kind: 'postgres', url, poolSize: 20 })
      : openDatabase({ kind: 'pglite', dataDir: path.join(dataDir!, 'pg') });
  let database = await open();
  await database.migrate();
  const [c] = await database.db.select({ n: count() }).from(technicians);
  if ((c?.n ?? 0) < n) {
    await database.close();
    const env = {
      ...process.env,
      ...(url ? { DATABASE_URL: url } : { DATA_DIR: dataDir!, DATABASE_URL: '' }),
    };
    const r = spawnSync(
      'npx',
      ['tsx', 'scripts/seed-big.ts', '--technicians', String(n - (c?.n ?? 0))],
      { stdio: 'inherit', env },
    );
    if (r.status !== 0) throw new Error('seed:big failed');
    database = await open();
  }
  // A database seeded before plans mattered (ADR 014): its technicians get theirs now.
  await giveBenchTechniciansPlans(database.db);
  return { database, url, dataDir };
}

export async function startApp(database: Database) {
  const config = {
    ...loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 'b'.repeat(40),
      LOG_LEVEL: 'silent',
      DEMO_MODE: 'false',
      // bench/dispatch.ts posts its requests from one address.
      SERVICE_REQUESTS_PER_HOUR: '100000',
    }),
    port: 0,
  };
  const app = await buildApp(config, { database, backgroundJobs: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, base: `http://127.0.0.1:${port}` };
}

export const ms = (n: number) => `${n.toFixed(2)} ms`;
