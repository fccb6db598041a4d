/**
 * Search benchmark: GET /api/technicians with mixed filters on a database of 100000
 * technicians, against GET /api/health in the same run.
 *   npx tsx bench/search.ts [--technicians 100000] [--duration 10] [--connections 10]
 * Targets (issue 3): p99 <= 25 ms, throughput >= 25% of the health route's.
 */
import autocannon from 'autocannon';
import { SERVICE_TYPES } from '../src/shared/constants/service-types';
import { LOCATIONS } from '../src/shared/constants/locations';
import { arg, benchDatabase, ms, startApp } from './lib';

const N = Number(arg('technicians', '100000'));
const duration = Number(arg('duration', '10'));
const connections = Number(arg('connections', '10'));

// mulberry32: a small seeded generator with 32-bit integer arithmetic (a multiplicative LCG in
// floating point loses precision and cycles after a few values).
let seed = 7;
const rand = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;

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
  `search benchmark: ${N} technicians on ${url ? 'PostgreSQL' : 'PGlite'}, ${connections} connections, ${duration} s each`,
);
// The index's memory: loaded by the first search (exact when run with node --expose-gc).
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const before = process.memoryUsage();
await fetch(`${base}/api/technicians?location=Hyattsville%2C%20MD`);
gc?.();
const after = process.memoryUsage();
const mb = (n: number) => (n / 2 ** 20).toFixed(1);
console.log(
  `technician index: heap +${mb(after.heapUsed - before.heapUsed)} MB, array buffers +${mb(after.arrayBuffers - before.arrayBuffers)} MB${gc ? '' : ' (approximate: run with node --expose-gc)'}`,
);
// Warm up caches and plans.
await run(base, searchPaths(200));
const paths = searchPaths(2000);
console.log(`${new Set(paths).size} distinct search paths in the mixed run`);
const search = await run(base, paths);
const cold = await run(base, searchPaths(200000, true));
const health = await run(base, ['/api/health']);
const row = (name: string, r: autocannon.Result) =>
  `${name.padEnd(20)} p50 ${ms(r.latency.p50)}  p99 ${ms(r.latency.p99)}  ${r.requests.average.toFixed(0)} req/s  ${(r.throughput.average / Math.max(r.requests.average, 1)).toFixed(0)} bytes/response  non-2xx ${r.non2xx}`;
console.log(row('GET /api/technicians', search));
console.log(row('  cold (cache misses)', cold));
console.log(row('GET /api/health', health));
const ratio = search.requests.average / health.requests.average;
console.log(`throughput ratio search/health: ${(ratio * 100).toFixed(1)}% (target >= 25%)`);
console.log(
  `search p99 ${ms(search.latency.p99)} (target <= 25 ms): ${search.latency.p99 <= 25 ? 'met' : 'NOT met'}`,
);
await app.close();
await database.close();
