import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import {
  createRateLimits,
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

/** Redis when configured, and every rate limit counted in the store all instances share. */
export const limitsPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, connectTimeout: 5000 })
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
  }
  app.decorate('redis', redis);
  const store = redis
    ? redisRateLimitStore(redis, config.redisPrefix)
    : postgresRateLimitStore(app.db);
  app.decorate(
    'rateLimits',
    createRateLimits(store, () => app.clock().getTime()),
  );
  // Route limits (config.rateLimit) count in the shared store too: Redis through the plugin's
  // own Redis store, otherwise the rate_limits table (by the app's clock, like our limiters).
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis
      ? { redis, nameSpace: `${config.redisPrefix}route:` }
      : { store: fastifyRateLimitStore(store, () => app.clock().getTime()) }),
  });
});
