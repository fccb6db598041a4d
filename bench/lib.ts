import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/infra/database';
import { technicians } from '../src/server/db/schema';
import { giveBenchTechniciansCredentials } from '../scripts/bench-credentials';
import { giveBenchTechniciansPlans } from '../scripts/bench-plans';

export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

/**
 * A database holding at least `n` technicians: PostgreSQL (BENCH_DATABASE_URL, or a
 * `wrenchly_bench` database, `wrenchly_bench_<n>` above 100000, created next to DATABASE_URL /
 * the local server) when reachable, else embedded PGlite in a temporary directory. Seeds with
 * `npm run seed:big` when short.
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
      const name = n > 100_000 ? `wrenchly_bench_${n}` : 'wrenchly_bench';
      const exists = await admin.query(`select 1 from pg_database where datname = $1`, [name]);
      if (exists.rowCount === 0) await admin.query(`create database ${name}`);
      await admin.end();
      const u = new URL(base);
      u.pathname = `/${name}`;
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
  // Likewise their credentials: only certified technicians get leads (ADR 033).
  await giveBenchTechniciansCredentials(database.db);
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

/**
 * Technician writes at `perSecond` through their own connection, as the app's users make them:
 * profile edits (bio), availability toggles and rating changes (a new review), spread evenly,
 * on random technicians. Each commits on its own, firing the index's triggers.
 */
export function startWriter(url: string, perSecond: number) {
  const client = new pg.Client({ connectionString: url });
  let stopped = false;
  let writes = 0;
  let failures = 0;
  let firstAt = 0;
  let lastAt = 0;
  const latencies: number[] = [];
  const done = (async () => {
    await client.connect();
    const max = Number(
      (await client.query('select max(id) as m from technicians')).rows[0]?.m ?? 0,
    );
    const kinds = [
      `update technicians set bio = 'Mobile mechanic. Updated ' || now()::text where id = $1`,
      `update technicians set is_available = not is_available where id = $1`,
      `update technicians set rating = round((2.5 + random() * 2.5)::numeric, 2),
         total_reviews = total_reviews + 1 where id = $1`,
    ];
    const interval = 1000 / perSecond;
    let next = performance.now();
    while (!stopped && perSecond > 0) {
      const id = 1 + Math.floor(Math.random() * max);
      const t0 = performance.now();
      try {
        await client.query(kinds[writes % kinds.length]!, [id]);
        writes++;
        lastAt = performance.now();
        if (writes === 1) firstAt = lastAt;
        latencies.push(performance.now() - t0);
      } catch {
        failures++;
      }
      next += interval;
      const wait = next - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    await client.end();
  })();
  return {
    stats: () => ({
      writes,
      failures,
      latencies,
      /** Over the time from the first write to the last. */
      perSecond: writes > 1 ? (writes - 1) / ((lastAt - firstAt) / 1000) : 0,
    }),
    async stop() {
      stopped = true;
      await done;
    },
  };
}

/**
 * A second app instance in its own process on the same database (bench/instance.ts), as a
 * load balancer's other backend would be.
 */
export async function startSecondInstance(url: string) {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/instance.ts'], {
    env: { ...process.env, BENCH_DATABASE_URL: url },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const m = /listening (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.on('exit', (code) => reject(new Error(`second instance exited (${code})`)));
  });
  return {
    base,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
};
