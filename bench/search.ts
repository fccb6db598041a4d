/**
 * Search benchmark: GET /api/technicians with mixed filters on a database of N technicians while
 * technicians are being edited, against GET /api/health in the same run, with a second app
 * instance on the same database.
 *   node --expose-gc --import tsx bench/search.ts [--technicians 100000] [--duration 10]
 *     [--connections 10] [--writes 10] [--profile DIR]
 * Prints: the index's first load (time, memory), mixed and cold (every request distinct)
 * latencies and throughput, the per-request overhead of the app's plugins and hooks (health
 * against the same handler on a bare Fastify), how soon a write shows on the other instance, and
 * the writes made.
 * Targets at 1,000,000 technicians with 10 writes/s: mixed p99 <= 15 ms, cold p99 <= 40 ms,
 * search >= 40% of health's throughput, a write visible on the other instance within 100 ms,
 * index memory <= 150 MB, first load <= 5 s.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { SERVICE_TYPES } from '../src/shared/constants/service-types';
import { LOCATIONS } from '../src/shared/constants/locations';
import { generator } from '../src/shared/random';
import { arg, benchDatabase, ms, pct, startApp, startSecondInstance, startWriter } from './lib';

const N = Number(arg('technicians', '100000'));
const duration = Number(arg('duration', '10'));
const connections = Number(arg('connections', '10'));
const writesPerSecond = Number(arg('writes', '10'));
/** A directory: the mixed search run and the health run are CPU-profiled into it (.cpuprofile). */
const profileDir = arg('profile', '');

const { next: rand, pick } = generator(7);

/** `cold`: every path also asks a random page size, so the result cache hardly ever hits. */
function searchPaths(count: number, cold = false): string[] {
  const zips = [
    '20781',
    '20785',
    '20601',
    '20001',
    '20715',
    '20707',
    '20737',
    '20659',
    '20678',
    '22201',
    '20850',
  ];
  return Array.from({ length: count }, () => {
    const q = new URLSearchParams();
    const kind = rand();
    if (kind < 0.45) {
      q.set('location', pick(LOCATIONS).name);
      q.set('maxDistance', String(pick([5, 10, 25, 50])));
    } else if (kind < 0.6) {
      q.set('zip', pick(zips));
      q.set('maxDistance', String(pick([5, 10, 25])));
    } else if (kind < 0.75) {
      q.set('location', pick(LOCATIONS).name);
    } else if (kind < 0.85) {
      q.set('name', pick(['son', 'mar', 'lee', 'an', 'will']));
    }
    if (rand() < 0.6) q.set('serviceType', pick(SERVICE_TYPES));
    // The list's Sort select (ADR 018): most searches keep the default order.
    if (rand() < 0.2) q.set('sort', pick(['rating', 'price', 'experience']));
    if (rand() < 0.2) q.set('page', String(1 + Math.floor(rand() * 3)));
    if (cold) q.set('pageSize', String(5 + Math.floor(rand() * 96)));
    return `/api/technicians?${q}`;
  });
}

/** `run`, CPU-profiled into profileDir/<name>.cpuprofile when --profile is given. */
async function profiled(name: string, url: string, paths: string[]) {
  if (!profileDir) return run(url, paths);
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  const result = await run(url, paths);
  const { profile } = await session.post('Profiler.stop');
  mkdirSync(profileDir, { recursive: true });
  writeFileSync(path.join(profileDir, `${name}.cpuprofile`), JSON.stringify(profile));
  session.disconnect();
  return result;
}

function run(url: string, paths: string[]) {
  let i = 0;
  return autocannon({
    url,
    connections,
    duration,
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length]! }) }],
  });
}

const { database, url } = await benchDatabase(N);
const { app, base } = await startApp(database);
console.log(
  `search benchmark: ${N} technicians on ${url ? 'PostgreSQL' : 'PGlite'}, ${connections} connections, ${duration} s each, ${url ? writesPerSecond : 0} technician writes/s`,
);
// The index's first load and memory (exact with node --expose-gc).
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const before = process.memoryUsage();
const t0 = performance.now();
await app.technicianIndex.current();
const loadMs = performance.now() - t0;
// Array buffers are given back after the collection that frees their owners: collect twice.
gc?.();
await new Promise((r) => setTimeout(r, 100));
gc?.();
const after = process.memoryUsage();
const mb = (n: number) => n / 2 ** 20;
const indexMb = mb(after.heapUsed - before.heapUsed + after.arrayBuffers - before.arrayBuffers);
console.log(
  `first load: ${(loadMs / 1000).toFixed(2)} s (target <= 5 s); index memory ${indexMb.toFixed(1)} MB = heap +${mb(after.heapUsed - before.heapUsed).toFixed(1)} MB, array buffers +${mb(after.arrayBuffers - before.arrayBuffers).toFixed(1)} MB${gc ? '' : ' (approximate: run with node --expose-gc)'} (target <= 150 MB)`,
);

const second = url ? await startSecondInstance(url) : null;
const writer = url && writesPerSecond > 0 ? startWriter(url, writesPerSecond) : null;

// Warm up caches and plans.
await run(base, searchPaths(200));
const paths = searchPaths(2000);
console.log(`${new Set(paths).size} distinct search paths in the mixed run`);
const search = await profiled('search', base, paths);
const cold = await run(base, searchPaths(200000, true));
const health = await profiled('health', base, ['/api/health']);

// What every request pays for the app's plugins and hooks (security headers, request ids, origin
// and access checks, metrics, compression, input guard): the same health handler (one `select 1`
// on the same pool) on a bare Fastify, under the same load. The difference in time per answer
// (1 / throughput, one process) is the overhead per request.
const bare = Fastify();
bare.get('/api/health', async () => {
  await database.db.execute(sql`select 1`);
  return { status: 'ok', database: 'up', uptimeSeconds: Math.round(process.uptime()) };
});
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareAddress = bare.server.address();
const bareBase = `http://127.0.0.1:${typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0}`;
await run(bareBase, ['/api/health']);
const bareHealth = await run(bareBase, ['/api/health']);
await bare.close();

// A write through one connection, then the other instance's next search: moves a technician
// to Cumberland, MD (in the service area, west of every seeded technician) and asks instance B
// for technicians there at once, 20 times.
const visible: number[] = [];
if (url && second) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const cumberland = '/api/technicians?zip=21502&maxDistance=5&available=false&pageSize=100';
  for (let k = 0; k < 20; k++) {
    const { rows } = await client.query<{ id: number }>(
      `update technicians set latitude = 39.5992 + $2::float8 / 10000, longitude = -78.8444
       where id = (select t.id from technicians t join users u on u.id = t.user_id
                   where u.status = 'approved' order by t.id offset $1 limit 1) returning id`,
      [1000 + k, k],
    );
    const id = Number(rows[0]!.id);
    const written = performance.now();
    let seen = false;
    while (!seen && performance.now() - written < 5000) {
      const res = await fetch(`${second.base}${cumberland}`);
      const items = (await res.json()) as { id: number }[];
      if (!Array.isArray(items))
        throw new Error(`search answered ${res.status}: ${JSON.stringify(items)}`);
      seen = items.some((x) => x.id === id);
    }
    visible.push(seen ? performance.now() - written : Infinity);
  }
  await client.end();
}

const writes = writer ? (await writer.stop(), writer.stats()) : null;
const row = (name: string, r: autocannon.Result) =>
  `${name.padEnd(20)} p50 ${ms(r.latency.p50)}  p99 ${ms(r.latency.p99)}  ${r.requests.average.toFixed(0)} req/s  ${(r.throughput.average / Math.max(r.requests.average, 1)).toFixed(0)} bytes/response  non-2xx ${r.non2xx}`;
console.log(row('GET /api/technicians', search));
console.log(row('  cold (cache misses)', cold));
console.log(row('GET /api/health', health));
console.log(row('  bare Fastify', bareHealth));
const usPerAnswer = (r: autocannon.Result) => 1e6 / Math.max(r.requests.average, 1);
console.log(
  `per-request overhead of the app's plugins and hooks: ${(usPerAnswer(health) - usPerAnswer(bareHealth)).toFixed(0)} µs (${usPerAnswer(health).toFixed(0)} µs an answer against ${usPerAnswer(bareHealth).toFixed(0)} µs on a bare Fastify); health at ${((health.requests.average / bareHealth.requests.average) * 100).toFixed(0)}% of the bare throughput`,
);
const ratio = search.requests.average / health.requests.average;
const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
console.log(
  `throughput ratio search/health: ${(ratio * 100).toFixed(1)}% (target >= 40%: ${met(ratio >= 0.4)})`,
);
console.log(
  `search mixed p99 ${ms(search.latency.p99)} (target <= 15 ms: ${met(search.latency.p99 <= 15)})`,
);
console.log(
  `search cold p99 ${ms(cold.latency.p99)} (target <= 40 ms: ${met(cold.latency.p99 <= 40)})`,
);
if (visible.length > 0)
  console.log(
    `a write visible on the other instance after: p50 ${ms(pct(visible, 50))}, max ${ms(Math.max(...visible))} (target <= 100 ms: ${met(Math.max(...visible) <= 100)})`,
  );
if (writes)
  console.log(
    `technician writes during the run: ${writes.writes} (${writes.perSecond.toFixed(1)}/s), ${writes.failures} failed; commit p50 ${ms(pct(writes.latencies, 50))}, p99 ${ms(pct(writes.latencies, 99))}`,
  );
console.log(`index after the run: ${JSON.stringify(app.technicianIndex.stats())}`);
await second?.stop();
await app.close();
await database.close();
