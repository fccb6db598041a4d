import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/helpers/build-test-app';
import { reachableRedisUrl, uniqueRedisPrefix } from '../../../tests/helpers/redis';
import type { Database } from './database';
import { rateLimits } from '../db/schema';
import {
  postgresRateLimitStore,
  RateLimiter,
  redisRateLimitStore,
  type RateLimitStore,
} from './rate-limiter';

const redisUrl = await reachableRedisUrl();

let database: Database;
let drop: () => Promise<void>;
let redis: Redis | undefined;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  if (redisUrl) redis = new Redis(redisUrl);
});
afterAll(async () => {
  await redis?.quit();
  await drop();
});

const MINUTE = 60_000;
let n = 0;
const key = () => `test:${++n}`;

/** The same behaviour from both stores; the Redis leg runs when a Redis answers. */
describe.each([
  { kind: 'postgres', make: () => postgresRateLimitStore(database.db), skip: false },
  { kind: 'redis', make: () => redisRateLimitStore(redis!, uniqueRedisPrefix()), skip: !redisUrl },
])('the $kind rate limit store', ({ make, skip }) => {
  let store: RateLimitStore;
  beforeAll(() => {
    if (!skip) store = make();
  });
  const t0 = Date.UTC(2026, 0, 5, 12);

  it.skipIf(skip)('counts up to the limit, then refuses without counting', async () => {
    const k = key();
    const counts = [];
    for (let i = 0; i < 3; i++) {
      const w = await store.consume(k, 3, MINUTE, t0 + i);
      expect(w.allowed).toBe(true);
      counts.push(w.count);
    }
    expect(counts).toEqual([1, 2, 3]);
    const refused = await store.consume(k, 3, MINUTE, t0 + 10);
    expect(refused).toEqual({ allowed: false, count: 3, resetAt: t0 + MINUTE });
    expect(await store.peek(k, t0 + 20)).toEqual({ count: 3, resetAt: t0 + MINUTE });
  });

  it.skipIf(skip)('opens a new window by the clock it is given', async () => {
    const k = key();
    await store.consume(k, 1, MINUTE, t0);
    expect((await store.consume(k, 1, MINUTE, t0 + MINUTE - 1)).allowed).toBe(false);
    const next = await store.consume(k, 1, MINUTE, t0 + MINUTE);
    expect(next).toEqual({ allowed: true, count: 1, resetAt: t0 + 2 * MINUTE });
    expect(await store.peek(k, t0 + 2 * MINUTE)).toBeNull();
  });

  it.skipIf(skip)('refunds one attempt, never below zero, and resets', async () => {
    const k = key();
    await store.consume(k, 2, MINUTE, t0);
    await store.consume(k, 2, MINUTE, t0);
    await store.refund(k, t0 + 1);
    expect((await store.peek(k, t0 + 1))!.count).toBe(1);
    await store.refund(k, t0 + 1);
    await store.refund(k, t0 + 1);
    expect((await store.peek(k, t0 + 1))!.count).toBe(0);
    await store.increment(k, MINUTE, t0 + 2);
    await store.reset(k);
    expect(await store.peek(k, t0 + 3)).toBeNull();
  });

  it.skipIf(skip)('increments past the limit (route limits count refused requests)', async () => {
    const k = key();
    for (let i = 1; i <= 4; i++) expect((await store.increment(k, MINUTE, t0)).count).toBe(i);
  });

  it.skipIf(skip)('lets at most the limit through of many attempts at once', async () => {
    const k = key();
    const results = await Promise.all(
      Array.from({ length: 40 }, () => store.consume(k, 10, MINUTE, t0)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect((await store.peek(k, t0))!.count).toBe(10);
  });

  it.skipIf(skip)('keeps very long keys apart (stored by their hash)', async () => {
    const a = `long:${'a'.repeat(400)}x`;
    const b = `long:${'a'.repeat(400)}y`;
    await store.consume(a, 1, MINUTE, t0);
    expect((await store.consume(b, 1, MINUTE, t0)).allowed).toBe(true);
    expect((await store.consume(a, 1, MINUTE, t0)).allowed).toBe(false);
  });
});

describe('the rate_limits table', () => {
  it('prunes windows that ended', async () => {
    const store = postgresRateLimitStore(database.db);
    const t0 = Date.UTC(2030, 0, 1);
    await store.consume('prune:old', 5, MINUTE, t0 - 2 * MINUTE);
    await store.consume('prune:live', 5, MINUTE, t0);
    expect(await store.prune(t0)).toBeGreaterThanOrEqual(1);
    const left = await database.db.select().from(rateLimits).where(eq(rateLimits.key, 'prune:old'));
    expect(left).toEqual([]);
    expect(await store.peek('prune:live', t0)).toEqual({ count: 1, resetAt: t0 + MINUTE });
  });
});

describe('RateLimiter', () => {
  it('answers 0 or the seconds to wait, and keeps its keys apart from other limits', async () => {
    let now = Date.UTC(2031, 0, 1);
    const store = postgresRateLimitStore(database.db);
    const a = new RateLimiter(store, 'a', 2, 10 * MINUTE, () => now);
    const b = new RateLimiter(store, 'b', 2, 10 * MINUTE, () => now);
    expect(await a.consume('x')).toBe(0);
    expect(await a.consume('x')).toBe(0);
    now += MINUTE;
    expect(await a.consume('x')).toBe(9 * 60);
    expect(await a.retryAfter('x')).toBe(9 * 60);
    expect(await b.consume('x')).toBe(0);
    await a.refund('x');
    expect(await a.retryAfter('x')).toBe(0);
    expect(await a.consume('x')).toBe(0);
    await a.reset('x');
    expect(await a.consume('x')).toBe(0);
  });
});
