import { eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { AppConfig } from '../../src/server/config';
import { jobLeases, rateLimits } from '../../src/server/db/schema';
import { createTaskRunner } from '../../src/server/infra/tasks';
import { openTestDatabase, testConfig } from '../helpers/build-test-app';
import { createUser, TEST_PASSWORD } from '../helpers/factories';
import { reachableRedisUrl, uniqueRedisPrefix } from '../helpers/redis';

/**
 * Two app instances built on one database (ADR 022): what one counts or runs, the other sees.
 * (tests/api/two-instances.test.ts does the same with two server processes on PostgreSQL.)
 */
async function twoInstances(config: Partial<AppConfig> = {}) {
  const { database, drop } = await openTestDatabase();
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  const build = async () => {
    const app = await buildApp(testConfig(config), { database, backgroundJobs: false, clock });
    await app.ready();
    return app;
  };
  const a = await build();
  const b = await build();
  return {
    a,
    b,
    database,
    advance: (ms: number) => (offset += ms),
    async close() {
      await a.close();
      await b.close();
      await drop();
    },
  };
}

const signInAt = (app: FastifyInstance, username: string, password: string, ip = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    remoteAddress: ip,
    payload: { username, password },
  });

const uploadTarget = (app: FastifyInstance, ip: string) =>
  app.inject({ method: 'POST', url: '/api/documents/upload', remoteAddress: ip });

/** The limits every instance must enforce together, whichever store holds the counts. */
function sharedLimits(setup: () => Awaited<ReturnType<typeof twoInstances>>) {
  it('counts sign-in failures per username across both instances', async () => {
    const { a, b, advance } = setup();
    const u = await createUser(a);
    // Five a minute per account from unknown devices (domain/sign-in-throttle).
    for (let i = 0; i < 5; i++) {
      const res = await signInAt(i % 2 ? b : a, u.username!, 'wrong-password');
      expect(res.statusCode).toBe(401);
    }
    // The right password now: both refuse, the limit was reached across them.
    expect((await signInAt(a, u.username!, TEST_PASSWORD)).statusCode).toBe(429);
    const onB = await signInAt(b, u.username!, TEST_PASSWORD);
    expect(onB.statusCode).toBe(429);
    expect(onB.json().message).toMatch(/Too many sign-in attempts/);
    advance(16 * 60_000);
    expect((await signInAt(b, u.username!, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('lets at most 5 of 30 concurrent wrong passwords through, split over both', async () => {
    const { a, b, advance } = setup();
    const u = await createUser(a);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        signInAt(i % 2 ? b : a, u.username!, 'wrong', `198.51.100.${10 + i}`),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(25);
    advance(16 * 60_000);
  });

  it('counts route limits (config.rateLimit) across both instances', async () => {
    const { a, b } = setup();
    const ip = '203.0.113.77';
    for (let i = 0; i < 30; i++)
      expect((await uploadTarget(i % 2 ? b : a, ip)).statusCode).toBe(201);
    const limited = await uploadTarget(a, ip);
    expect(limited.statusCode).toBe(429);
    expect((await uploadTarget(b, ip)).statusCode).toBe(429);
    // Another address has its own count.
    expect((await uploadTarget(b, '203.0.113.78')).statusCode).toBe(201);
  });
}

describe('two instances on one database: rate limits in PostgreSQL', () => {
  let env: Awaited<ReturnType<typeof twoInstances>>;
  beforeAll(async () => {
    env = await twoInstances();
  });
  afterAll(() => env.close());

  sharedLimits(() => env);

  it('keeps the counts in the rate_limits table', async () => {
    const rows = await env.a.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, 'route:POST /api/documents/upload:%'));
    expect(rows.map((r) => r.key)).toContain('route:POST /api/documents/upload:203.0.113.77');
    expect(rows.find((r) => r.key.endsWith(':203.0.113.77'))!.count).toBe(32);
  });
});

const redisUrl = await reachableRedisUrl();

describe.skipIf(!redisUrl)('two instances on one database: rate limits in Redis', () => {
  let env: Awaited<ReturnType<typeof twoInstances>>;
  const prefix = uniqueRedisPrefix();
  let redis: Redis;
  beforeAll(async () => {
    env = await twoInstances({ redisUrl: redisUrl!, redisPrefix: prefix });
    redis = new Redis(redisUrl!);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    await env.close();
  });

  sharedLimits(() => env);

  it('keeps the counts in Redis under the prefix, none in the table', async () => {
    const keys = await redis.keys(`${prefix}*`);
    expect(keys.some((k) => k.startsWith(`${prefix}rl:signin:account:`))).toBe(true);
    // Route limits count in the same store (so they fall back to PostgreSQL with the rest).
    expect(keys.some((k) => k.startsWith(`${prefix}rl:route:`))).toBe(true);
    expect(await env.a.db.select().from(rateLimits)).toEqual([]);
  });

  it('reports Redis in the readiness checks', async () => {
    const res = await env.b.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json().checks.redis).toEqual({ ok: true });
  });
});

describe('background jobs under leases, two instances on one database', () => {
  let env: Awaited<ReturnType<typeof twoInstances>>;
  beforeAll(async () => {
    env = await twoInstances();
  });
  afterAll(() => env.close());

  const lease = async (name: string) =>
    (await env.a.db.select().from(jobLeases).where(eq(jobLeases.name, name)))[0]!;

  it('runs a job on one instance only, then not again until the interval passed', async () => {
    const { a, b } = env;
    const ran: string[] = [];
    const job = (who: string) => async () => {
      ran.push(who);
      // The job's own work, long enough for the two attempts to overlap (not a wait).
      await new Promise((r) => setTimeout(r, 50));
    };
    const first = await Promise.all([
      a.tasks.runExclusive('test-once', 60_000, 5_000, job('a')),
      b.tasks.runExclusive('test-once', 60_000, 5_000, job('b')),
    ]);
    expect(first.filter(Boolean)).toHaveLength(1);
    expect(ran).toHaveLength(1);
    const row = await lease('test-once');
    expect(row).toMatchObject({ holder: null, leaseUntil: null, runs: 1, lastError: null });
    expect(row.lastRunAt).toEqual(row.startedAt);

    // Within the interval: neither runs it.
    expect(await a.tasks.runExclusive('test-once', 60_000, 5_000, job('a'))).toBe(false);
    expect(await b.tasks.runExclusive('test-once', 60_000, 5_000, job('b'))).toBe(false);
    // A minute later (by the database's clock): one of them again.
    await a.db.execute(
      sql`update job_leases set last_run_at = last_run_at - interval '61 seconds' where name = 'test-once'`,
    );
    const again = await Promise.all([
      b.tasks.runExclusive('test-once', 60_000, 5_000, job('b')),
      a.tasks.runExclusive('test-once', 60_000, 5_000, job('a')),
    ]);
    expect(again.filter(Boolean)).toHaveLength(1);
    expect(ran).toHaveLength(2);
    expect((await lease('test-once')).runs).toBe(2);
  });

  it('leaves a lease held by a dead instance until it lapses, then takes it', async () => {
    const { a, b } = env;
    await a.db.insert(jobLeases).values({
      name: 'test-dead-holder',
      holder: 'gone-host:4242:dead',
      leaseUntil: sql`now() + interval '400 milliseconds'`,
      startedAt: sql`now()`,
    });
    let runs = 0;
    const job = async () => void runs++;
    expect(await a.tasks.runExclusive('test-dead-holder', 1000, 5000, job)).toBe(false);
    expect(await b.tasks.runExclusive('test-dead-holder', 1000, 5000, job)).toBe(false);
    expect(runs).toBe(0);
    // The lease lapses by the database's clock (which the test cannot move): B takes it then.
    await vi.waitFor(
      async () =>
        expect(await b.tasks.runExclusive('test-dead-holder', 1000, 5000, job)).toBe(true),
      { timeout: 5_000, interval: 50 },
    );
    expect(runs).toBe(1);
    expect(await lease('test-dead-holder')).toMatchObject({ holder: null, runs: 1 });
  });

  it('keeps the lease of a run that outlasts it (renewed while running)', async () => {
    const { a, b } = env;
    let release!: () => void;
    const long = a.tasks.runExclusive(
      'test-long',
      10,
      300,
      () => new Promise<void>((r) => (release = r)),
    );
    // Elapsed time is the thing tested: the run outlasts its 300 ms lease more than twice over.
    await new Promise((r) => setTimeout(r, 700));
    expect((await lease('test-long')).holder).toBe(a.tasks.instanceId);
    expect(await b.tasks.runExclusive('test-long', 10, 300, async () => {})).toBe(false);
    release();
    expect(await long).toBe(true);
    expect(await b.tasks.runExclusive('test-long', 10, 300, async () => {})).toBe(true);
  });

  it('records a failed run and releases its lease', async () => {
    const { a } = env;
    const ran = await a.tasks.runExclusive('test-fails', 1000, 5000, async () => {
      throw new Error('provider down');
    });
    expect(ran).toBe(true);
    expect(await lease('test-fails')).toMatchObject({
      holder: null,
      runs: 1,
      lastError: 'provider down',
    });
  });

  it('runs a job on a timer about once per interval across two runners', async () => {
    const log = env.a.log;
    // Scaled to a quarter: an interval of 250 ms, tried every 250 ms by each runner.
    const scaled = [env.a.db, env.b.db].map((db) => createTaskRunner({ db, log, scale: 0.25 }));
    const starts: { who: number; at: number }[] = [];
    scaled.forEach((r, who) =>
      r.every('test-timer', 1000, 2000, async () => void starts.push({ who, at: Date.now() })),
    );
    scaled.forEach((r) => r.start());
    // Elapsed time is the thing tested: how many runs a 1.4 s window holds.
    await new Promise((r) => setTimeout(r, 1400));
    await Promise.all(scaled.map((r) => r.close(1000)));
    const row = await lease('test-timer');
    expect(row.runs).toBe(starts.length);
    // 1.4 s at one run per 250 ms: at most 6 runs (not one per runner and tick: about 11).
    expect(starts.length).toBeGreaterThanOrEqual(2);
    expect(starts.length).toBeLessThanOrEqual(6);
    for (let i = 1; i < starts.length; i++)
      expect(starts[i]!.at - starts[i - 1]!.at).toBeGreaterThanOrEqual(200);
    expect(row.holder).toBeNull();
  });

  it('releases the leases an instance holds when it closes', async () => {
    const extra = await buildApp(testConfig(), {
      database: env.database,
      backgroundJobs: false,
    });
    await extra.ready();
    await extra.db.insert(jobLeases).values({
      name: 'test-held',
      holder: extra.tasks.instanceId,
      leaseUntil: sql`now() + interval '1 hour'`,
    });
    await extra.close();
    expect(await lease('test-held')).toMatchObject({ holder: null, leaseUntil: null });
  });
});
