import { createHash } from 'node:crypto';
import { eq, lte, sql } from 'drizzle-orm';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { AppError } from './app-error';

/** One key's fixed window: how many were counted and when it ends (epoch ms). */
export type RateWindow = { count: number; resetAt: number };

/**
 * Where every instance counts (ADR 022): PostgreSQL (the default, PGlite too) or Redis. Times
 * are the app's clock (epoch ms), so tests that move the clock move the windows.
 */
export type RateLimitStore = {
  readonly kind: 'postgres' | 'redis';
  /**
   * Checks and counts in one atomic step: when the key has fewer than `max` in its window the
   * attempt is counted (allowed), otherwise nothing is counted. Concurrent attempts, on any
   * instance, can never all pass.
   */
  consume(
    key: string,
    max: number,
    windowMs: number,
    now: number,
  ): Promise<RateWindow & { allowed: boolean }>;
  /** Counts one attempt whatever the count (route limits count refused requests too). */
  increment(key: string, windowMs: number, now: number): Promise<RateWindow>;
  /** The key's live window, or null. */
  peek(key: string, now: number): Promise<RateWindow | null>;
  /** Takes back one counted attempt in the live window. */
  refund(key: string, now: number): Promise<void>;
  reset(key: string): Promise<void>;
  /** Drops windows that ended before `now` (Redis expires them by itself). */
  prune(now: number): Promise<number>;
};

/** Keys longer than this are stored by their hash (a username is at most a few dozen characters). */
const MAX_KEY = 300;
const storedKey = (key: string) =>
  key.length <= MAX_KEY
    ? key
    : `${key.slice(0, 64)}#${createHash('sha256').update(key).digest('hex')}`;

/** Counters in the `rate_limits` table: one upsert per attempt, returning the new count. */
export function postgresRateLimitStore(db: Db): RateLimitStore {
  const windowOf = (row: { count: number; resetAt: Date }): RateWindow => ({
    count: row.count,
    resetAt: row.resetAt.getTime(),
  });
  async function upsert(key: string, windowMs: number, now: number, max?: number) {
    const at = new Date(now);
    const ended = sql`${rateLimits.resetAt} <= ${at}`;
    const rows = await db
      .insert(rateLimits)
      .values({ key: storedKey(key), count: 1, resetAt: new Date(now + windowMs) })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${ended} then 1 else ${rateLimits.count} + 1 end`,
          resetAt: sql`case when ${ended} then excluded.reset_at else ${rateLimits.resetAt} end`,
        },
        // Over the limit in a live window: no update, so no row comes back and nothing counts.
        ...(max === undefined ? {} : { setWhere: sql`${ended} or ${rateLimits.count} < ${max}` }),
      })
      .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
    return rows[0];
  }
  const store: RateLimitStore = {
    kind: 'postgres',
    async consume(key, max, windowMs, now) {
      const row = await upsert(key, windowMs, now, max);
      if (row) return { allowed: true, ...windowOf(row) };
      // Refused: report the window that refused it (at least a moment more).
      const live = await store.peek(key, now);
      return { allowed: false, count: live?.count ?? max, resetAt: live?.resetAt ?? now + 1000 };
    },
    async increment(key, windowMs, now) {
      return windowOf((await upsert(key, windowMs, now))!);
    },
    async peek(key, now) {
      const [row] = await db
        .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
        .from(rateLimits)
        .where(eq(rateLimits.key, storedKey(key)));
      return row && row.resetAt.getTime() > now ? windowOf(row) : null;
    },
    async refund(key, now) {
      await db
        .update(rateLimits)
        .set({ count: sql`${rateLimits.count} - 1` })
        .where(
          sql`${rateLimits.key} = ${storedKey(key)} and ${rateLimits.count} > 0 and ${rateLimits.resetAt} > ${new Date(now)}`,
        );
    },
    async reset(key) {
      await db.delete(rateLimits).where(eq(rateLimits.key, storedKey(key)));
    },
    async prune(now) {
      const gone = await db
        .delete(rateLimits)
        .where(lte(rateLimits.resetAt, new Date(now)))
        .returning({ key: rateLimits.key });
      return gone.length;
    },
  };
  return store;
}

/**
 * One hash per key ({c: count, r: window end}) changed by Lua scripts, so the check and the
 * count are one atomic step on the server. The window follows the app's clock (passed in);
 * the key's TTL (window plus a minute) only clears it away.
 */
const CONSUME_LUA = `
local c = tonumber(redis.call('HGET', KEYS[1], 'c') or '0')
local r = tonumber(redis.call('HGET', KEYS[1], 'r') or '0')
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
if r <= now then
  c = 0
  r = now + window
end
if max >= 0 and c >= max then
  return {0, c, r}
end
c = c + 1
redis.call('HSET', KEYS[1], 'c', c, 'r', r)
redis.call('PEXPIRE', KEYS[1], math.max(r - now, 1) + 60000)
return {1, c, r}
`;
const REFUND_LUA = `
local r = tonumber(redis.call('HGET', KEYS[1], 'r') or '0')
local c = tonumber(redis.call('HGET', KEYS[1], 'c') or '0')
if r > tonumber(ARGV[1]) and c > 0 then
  redis.call('HSET', KEYS[1], 'c', c - 1)
end
return 1
`;

type ScriptedRedis = Redis & {
  wrenchlyRateConsume(
    key: string,
    now: number,
    windowMs: number,
    max: number,
  ): Promise<[number, number, number]>;
  wrenchlyRateRefund(key: string, now: number): Promise<number>;
};

/** Counters in Redis under `prefix` (REDIS_URL; tests use a prefix of their own). */
export function redisRateLimitStore(redis: Redis, prefix: string): RateLimitStore {
  const r = redis as ScriptedRedis;
  if (!('wrenchlyRateConsume' in r)) {
    redis.defineCommand('wrenchlyRateConsume', { numberOfKeys: 1, lua: CONSUME_LUA });
    redis.defineCommand('wrenchlyRateRefund', { numberOfKeys: 1, lua: REFUND_LUA });
  }
  const k = (key: string) => `${prefix}rl:${storedKey(key)}`;
  const run = async (key: string, windowMs: number, now: number, max: number) => {
    const [allowed, count, resetAt] = await r.wrenchlyRateConsume(k(key), now, windowMs, max);
    return { allowed: allowed === 1, count: Number(count), resetAt: Number(resetAt) };
  };
  return {
    kind: 'redis',
    consume: (key, max, windowMs, now) => run(key, windowMs, now, max),
    async increment(key, windowMs, now) {
      const { count, resetAt } = await run(key, windowMs, now, -1);
      return { count, resetAt };
    },
    async peek(key, now) {
      const [c, resetAt] = await redis.hmget(k(key), 'c', 'r');
      return c != null && Number(resetAt) > now
        ? { count: Number(c), resetAt: Number(resetAt) }
        : null;
    },
    async refund(key, now) {
      await r.wrenchlyRateRefund(k(key), now);
    },
    async reset(key) {
      await redis.del(k(key));
    },
    prune: async () => 0,
  };
}

/**
 * Redis while it answers, the `rate_limits` table while it does not (ADR 022): a Redis that is
 * down, restarting or reconnecting must neither fail requests (500) nor hold them while the
 * client retries, nor switch the limits off. `ready()` says whether Redis is connected now; a
 * command that fails anyway is counted in PostgreSQL instead. The two keep separate counts,
 * so for the minutes around an outage a key may get up to one extra window's worth.
 */
export function failoverRateLimitStore(
  primary: RateLimitStore,
  fallback: RateLimitStore,
  ready: () => boolean,
  onFallback: (err: unknown) => void = () => {},
): RateLimitStore {
  const either =
    <A extends unknown[], R>(pick: (s: RateLimitStore) => (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (!ready()) return pick(fallback)(...args);
      try {
        return await pick(primary)(...args);
      } catch (err) {
        onFallback(err);
        return pick(fallback)(...args);
      }
    };
  return {
    kind: primary.kind,
    consume: either((s) => s.consume),
    increment: either((s) => s.increment),
    peek: either((s) => s.peek),
    refund: either((s) => s.refund),
    reset: either((s) => s.reset),
    // The table's windows are pruned whichever is in use.
    prune: (now) => fallback.prune(now),
  };
}

/**
 * A fixed-window limit of `max` per key, counted in the shared store so every instance
 * enforces one limit. `name` keeps the limits' keys apart ('signin:account', 'messages', ...).
 */
export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {
    if (!(max >= 1)) throw new Error(`RateLimiter ${name}: max must be at least 1`);
  }

  private key(key: string) {
    return `${this.name}:${key}`;
  }

  /** Seconds until the key may try again, or 0 when it is under the limit. */
  async retryAfter(key: string): Promise<number> {
    const t = this.now();
    const w = await this.store.peek(this.key(key), t);
    return w && w.count >= this.max ? secondsUntil(w.resetAt, t) : 0;
  }

  /**
   * Checks and counts in one atomic step in the store: 0 when the attempt is allowed (and now
   * counted), otherwise the seconds to wait (and nothing is counted). Of N concurrent attempts
   * on any number of instances at most the limit pass.
   */
  async consume(key: string): Promise<number> {
    const t = this.now();
    const w = await this.store.consume(this.key(key), this.max, this.windowMs, t);
    return w.allowed ? 0 : secondsUntil(w.resetAt, t);
  }

  /** Counts one attempt whatever the count. */
  async hit(key: string): Promise<void> {
    await this.store.increment(this.key(key), this.windowMs, this.now());
  }

  /** Takes back one counted attempt (one that turned out not to count, e.g. a success). */
  async refund(key: string): Promise<void> {
    await this.store.refund(this.key(key), this.now());
  }

  async reset(key: string): Promise<void> {
    await this.store.reset(this.key(key));
  }
}

const secondsUntil = (resetAt: number, now: number) =>
  Math.max(1, Math.ceil((resetAt - now) / 1000));

/** The 429 of every limit: '<what>. Please try again in N minute(s).', with Retry-After. */
export function tooManyAttempts(what: string, retryAfterSeconds: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new AppError(
    429,
    `${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    undefined,
    retryAfterSeconds,
  );
}

type StoreCallback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit (route `config.rateLimit`) over the shared counters
 * (PostgreSQL, or Redis with PostgreSQL while Redis is down). Each route counts under its own key prefix, like the plugin's Redis store does.
 */
export function fastifyRateLimitStore(store: RateLimitStore, now: () => number) {
  return class SharedRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = 'route:',
    ) {}

    incr(key: string, cb: StoreCallback, timeWindow: number) {
      const t = now();
      store.increment(`${this.prefix}${key}`, timeWindow, t).then(
        (w) => cb(null, { current: w.count, ttl: Math.max(0, w.resetAt - t) }),
        (err: Error) => cb(err),
      );
    }

    read(key: string, cb: StoreCallback) {
      const t = now();
      store.peek(`${this.prefix}${key}`, t).then(
        (w) => cb(null, w ? { current: w.count, ttl: w.resetAt - t } : { current: 0, ttl: 0 }),
        (err: Error) => cb(err),
      );
    }

    // The plugin passes the route's merged limit options, with the route as `routeInfo`.
    child(routeOptions: object) {
      const info =
        (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ??
        {};
      return new SharedRateLimitStore(
        undefined,
        `route:${[info.method ?? ''].flat().join(',')} ${info.url ?? ''}:`,
      );
    }
  };
}

/** `app.rateLimits`: the shared store and limiters counted in it by the app's clock. */
export type RateLimits = {
  store: RateLimitStore;
  limiter(name: string, max: number, windowMs: number): RateLimiter;
};

export function createRateLimits(store: RateLimitStore, now: () => number): RateLimits {
  return {
    store,
    limiter: (name, max, windowMs) => new RateLimiter(store, name, max, windowMs, now),
  };
}
