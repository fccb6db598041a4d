import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import {
  createRateLimits,
  failoverRateLimitStore,
  fastifyRateLimitStore,
  postgresRateLimitStore,
  redisRateLimitStore,
  type RateLimits,
} from '../infra/rate-limiter';

declare module 'fastify' {
  interface FastifyInstance {
    /** Rate limits counted in one store for every instance: PostgreSQL, or Redis (ADR 022). */
    rateLimits: RateLimits;
    /** The Redis connection when REDIS_URL is set. */
    redis: Redis | null;
  }
}

/** A Redis command that has not answered in this long is given up (and counted in PostgreSQL). */
const REDIS_COMMAND_TIMEOUT_MS = 500;
/** How long the start waits for Redis to connect. */
const REDIS_BOOT_WAIT_MS = 2_000;

/** Redis when configured, and every rate limit counted in the store all instances share. */
export const limitsPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, {
        maxRetriesPerRequest: 2,
        connectTimeout: 5000,
        // A Redis that hangs (not down, just not answering) must not hold requests either.
        commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
        // While disconnected, commands fail at once instead of waiting in a queue for the
        // reconnect: the limits fall back to PostgreSQL meanwhile (failoverRateLimitStore).
        enableOfflineQueue: false,
      })
    : null;
  if (redis) {
    let warned = 0;
    redis.on('error', (err) => {
      // A reconnecting client reports every attempt; one line a minute is enough.
      if (Date.now() - warned > 60_000) {
        warned = Date.now();
        app.log.warn({ err }, 'redis: connection error');
      }
    });
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    // Counted in Redis from the first request when it is there; a Redis that is down at boot
    // does not hold the start (PostgreSQL counts until it connects).
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, REDIS_BOOT_WAIT_MS);
      redis.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  app.decorate('redis', redis);
  const postgres = postgresRateLimitStore(app.db);
  let fellBack = 0;
  const store = redis
    ? failoverRateLimitStore(
        redisRateLimitStore(redis, config.redisPrefix),
        postgres,
        () => redis.status === 'ready',
        (err) => {
          if (Date.now() - fellBack > 60_000) {
            fellBack = Date.now();
            app.log.warn({ err }, 'redis: rate limits counted in PostgreSQL meanwhile');
          }
        },
      )
    : postgres;
  app.decorate(
    'rateLimits',
    createRateLimits(store, () => app.clock().getTime()),
  );
  // Route limits (config.rateLimit) count in the same shared store (by the app's clock, like
  // our limiters), so they too fall back to PostgreSQL while Redis is down: the plugin's own
  // Redis store would fail those requests with 500.
  await app.register(fastifyRateLimit, {
    global: false,
    store: fastifyRateLimitStore(store, () => app.clock().getTime()),
  });
});
