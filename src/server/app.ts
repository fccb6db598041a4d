import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { ConfigError, DEMO_SESSION_SECRET, type AppConfig } from './config';
import { openDatabase, type Database, type Db } from './db/client';
import { adminRecordsRoutes } from './features/admin/admin.records.routes';
import { adminRoutes } from './features/admin/admin.routes';
import { apiTokenRoutes } from './features/api-tokens/api-tokens.routes';
import { apiV1Routes } from './features/api-v1/api-v1.routes';
import { brandingRoutes } from './features/branding/branding.routes';
import { analyticsRoutes } from './features/analytics/analytics.routes';
import { billingRoutes } from './features/billing/billing.routes';
import { createBillingService, type BillingService } from './features/billing/billing.service';
import { authRoutes } from './features/auth/auth.routes';
import { devMailboxRoutes } from './features/dev-mailbox/dev-mailbox.routes';
import { contactRoutes } from './features/contact/contact.routes';
import { dispatchRoutes } from './features/dispatch/dispatch.routes';
import { createDispatchService, type DispatchService } from './features/dispatch/dispatch.service';
import { documentRoutes } from './features/documents/documents.routes';
import { fairPriceRoutes } from './features/fair-price/fair-price.routes';
import { geoRoutes } from './features/geo/geo.routes';
import { healthRoutes } from './features/health/health.routes';
import { jobsRoutes } from './features/jobs/jobs.routes';
import { notificationRoutes } from './features/notifications/notifications.routes';
import { outboxRoutes } from './features/outbox/outbox.routes';
import { paymentsRoutes } from './features/payments/payments.routes';
import { createPaymentReconciler } from './payment-reconciler';
import { planRoutes } from './features/plans/plans.routes';
import { posRoutes } from './features/pos/pos.routes';
import { createJobDocuments } from './features/pos/pos.service';
import { reviewRoutes } from './features/reviews/reviews.routes';
import { serviceRequestRoutes } from './features/service-requests/service-requests.routes';
import { seoRoutes } from './features/seo/seo.routes';
import { setPasswordRoutes } from './features/set-password/set-password.routes';
import { technicianProfileRoutes } from './features/technician-profile/technician-profile.routes';
import { technicianApplicationRoutes } from './features/technician-applications/technician-applications.routes';
import { technicianRoutes } from './features/technicians/technicians.routes';
import { vehicleRoutes } from './features/vehicles/vehicles.routes';
import { verificationRoutes } from './features/verifications/verifications.routes';
import type { Dispatcher } from './lib/dispatcher';
import { sweepAbandonedUploads } from './lib/documents';
import type { Transporter } from 'nodemailer';
import { createOutbox, OUTBOX_CHANNEL, type Outbox, type Transport } from './lib/outbox';
import { smtpTransport } from './lib/outbox/email';
import { loadVapidKeys, webPushTransport, type VapidKeys } from './lib/outbox/push';
import { twilioTransport } from './lib/outbox/sms';
import { createPayments, type Payments } from './lib/payments';
import { LOG_REDACT_PATHS, LOG_SERIALIZERS } from './lib/log-redaction';
import { fallBackAfterFailedPush } from './lib/technician-alerts';
import { refreshFairPrices } from './lib/fair-price';
import { createJobRunner, type JobRunner } from './lib/leases';
import {
  createRateLimits,
  fastifyRateLimitStore,
  postgresRateLimitStore,
  redisRateLimitStore,
  type RateLimits,
} from './lib/rate-limiter';
import {
  createTechnicianIndex,
  pruneTechnicianChanges,
  type TechnicianIndex,
} from './lib/technician-index';
import { sweepVerifications } from './lib/verification-expiry';
import { accessPlugin } from './plugins/access';
import { docsPlugin } from './plugins/docs';
import { errorHandlerPlugin } from './plugins/error-handler';
import { inputGuardPlugin } from './plugins/input-guard';
import { originCheckPlugin } from './plugins/origin-check';
import { realtimePlugin } from './plugins/realtime';
import { staticClientPlugin } from './plugins/static-client';
import { storagePlugin } from './plugins/storage';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
    /** Every e-mail, SMS and push goes through it (ADR 012). */
    outbox: Outbox;
    /** The VAPID pair push is signed with; null when push is off. */
    vapid: VapidKeys | null;
    dispatcher: Dispatcher;
    dispatch: DispatchService;
    billing: BillingService;
    payments: Payments;
    /** Listed technicians in memory, for search and matching (ADR 005). */
    technicianIndex: TechnicianIndex;
    /** The current time; tests replace it to move through subscription periods and expiry. */
    clock: () => Date;
    /** Rate limits counted in one store for every instance: PostgreSQL, or Redis (ADR 022). */
    rateLimits: RateLimits;
    /** The Redis connection when REDIS_URL is set. */
    redis: Redis | null;
    /** Background jobs that run once per interval across instances, under leases (ADR 022). */
    jobs: JobRunner;
    /** What /api/health/ready reports besides the database (ADR 022). */
    lifecycle: Lifecycle;
  }
}

export type Lifecycle = {
  /** Set by SIGTERM (and app.close()): the instance takes no new work. */
  shuttingDown: boolean;
  /** The technician index has loaded once (search and dispatch answer from it). */
  indexLoaded: boolean;
};

export type AppDeps = {
  /** An opened, migrated database; otherwise one is opened from the config. */
  database?: Database;
  /** An SMTP transport in place of SMTP_URL's (tests pass a stand-in's). */
  mailTransport?: Transporter;
  /** Transports in place of the configured ones, per channel. */
  transports?: Partial<Record<'email' | 'sms' | 'push', Transport>>;
  dispatcher?: Dispatcher;
  payments?: Payments;
  /** Periodic sweeps (notification expiry, reminders); tests run them by hand. */
  backgroundJobs?: boolean;
  clock?: () => Date;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: DestinationStream;
};

/** Builds the whole app without listening: plugins, then features, then error and 404 handlers. */
export async function buildApp(config: AppConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  // However the configuration was made: outside the demo, never the published secret.
  if (!config.demoMode && (!config.sessionSecret || config.sessionSecret === DEMO_SESSION_SECRET))
    throw new ConfigError(['SESSION_SECRET: required unless DEMO_MODE is on']);
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            // No passwords, hashes or tokens; no query parameters in errors; no tokens in URLs.
            redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
            serializers: LOG_SERIALIZERS,
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // A hop count trusts that many proxies in front of us (the socket peer is hop 0).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    deps.database ??
    (await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
        : { kind: 'pglite', dataDir: config.pgliteDataDir },
    ));
  if (!deps.database) await database.migrate();

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('clock', deps.clock ?? (() => new Date()));
  const vapid = await loadVapidKeys(database.db, config);
  app.decorate('vapid', vapid);
  app.decorate(
    'outbox',
    createOutbox({
      db: database.db,
      clock: app.clock,
      log: app.log,
      transports: {
        email: smtpTransport({
          from: config.mailFrom,
          smtpUrl: config.smtpUrl,
          transport: deps.mailTransport,
        }),
        sms: twilioTransport(config.sms),
        push: vapid ? webPushTransport({ db: database.db, vapid, clock: app.clock }) : undefined,
        ...deps.transports,
      },
    }),
  );
  // A job push that did not arrive: the technician is e-mailed (and texted) at once.
  app.outbox.onUndelivered((row) => fallBackAfterFailedPush(app, row));
  app.decorate('payments', deps.payments ?? createPayments(config, app.clock));
  app.decorate('technicianIndex', createTechnicianIndex(database.db, { pool: database.pool }));
  app.decorate('lifecycle', { shuttingDown: false, indexLoaded: false } satisfies Lifecycle);
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
  }
  app.decorate('redis', redis);
  const rateLimitStore = redis
    ? redisRateLimitStore(redis, config.redisPrefix)
    : postgresRateLimitStore(database.db);
  app.decorate(
    'rateLimits',
    createRateLimits(rateLimitStore, () => app.clock().getTime()),
  );
  app.decorate(
    'jobs',
    createJobRunner({ db: database.db, log: app.log, scale: config.jobIntervalScale }),
  );
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onClose', async () => {
    await app.outbox.stop();
    await app.outbox.close();
    await redis?.quit().catch(() => redis.disconnect());
    if (!deps.database) await database.close();
  });
  // Stopping: readiness fails and no job run starts (before the server waits for requests).
  app.addHook('preClose', async () => {
    app.lifecycle.shuttingDown = true;
    app.jobs.stop();
  });
  // onClose hooks run last-registered first: this one before the database closes.
  app.addHook('onClose', async () => {
    // Runs in progress finish (bounded); then this instance's leases are released.
    await app.jobs
      .close(5_000)
      .catch((err: unknown) => app.log.warn({ err }, 'could not release job leases'));
  });
  // The index loads once before it is needed (GET /api/health/ready waits for it).
  app.addHook('onReady', async () => {
    app.technicianIndex.current().then(
      () => (app.lifecycle.indexLoaded = true),
      (err: unknown) => app.log.warn({ err }, 'technician index: first load failed'),
    );
  });

  await app.register(errorHandlerPlugin);
  await app.register(inputGuardPlugin);
  // Text answers above 1 KB go out compressed (brotli, else gzip), at a level cheap enough to do
  // per request; built assets are compressed once at build time at the highest level.
  // Event streams are never compressed (they would be held back in the compressor's buffer).
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)|javascript/,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  // The payment providers' browser scripts, frames and endpoints, when they are configured.
  const providerSources = {
    script: [] as string[],
    frame: [] as string[],
    connect: [] as string[],
  };
  if (config.cardProvider === 'square') {
    const cdn =
      config.square.environment === 'production'
        ? 'https://web.squarecdn.com'
        : 'https://sandbox.web.squarecdn.com';
    providerSources.script.push(cdn);
    providerSources.frame.push(cdn, 'https://*.squarecdn.com');
    providerSources.connect.push(
      'https://pci-connect.squareup.com',
      'https://pci-connect.squareupsandbox.com',
      'https://*.squarecdn.com',
    );
  }
  if (config.walletProvider === 'paypal') {
    providerSources.script.push('https://www.paypal.com', 'https://www.sandbox.paypal.com');
    providerSources.frame.push('https://www.paypal.com', 'https://www.sandbox.paypal.com');
    providerSources.connect.push('https://www.paypal.com', 'https://www.sandbox.paypal.com');
  }
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...providerSources.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Uploaded photos and logos are served by the app (/api/...); documents on S3 open as
        // links, not images. Only the map's tile host is admitted besides (ADR 018).
        imgSrc: ["'self'", 'data:', 'blob:', config.map.imageSource],
        fontSrc: ["'self'", 'data:', ...(providerSources.frame.length ? ['https:'] : [])],
        connectSrc: ["'self'", ...providerSources.connect],
        frameSrc: ["'self'", ...providerSources.frame],
        objectSrc: ["'none'"],
        // The installable app: its service worker (/sw.js) and manifest (/manifest.webmanifest).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Production sits behind TLS; locally the app is plain http.
    hsts: config.env === 'production',
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCookie);
  // Route limits (config.rateLimit) count in the shared store too: Redis through the plugin's
  // own Redis store, otherwise the rate_limits table (by the app's clock, like our limiters).
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis
      ? { redis, nameSpace: `${config.redisPrefix}route:` }
      : { store: fastifyRateLimitStore(rateLimitStore, () => app.clock().getTime()) }),
  });
  await app.register(originCheckPlugin);
  await app.register(accessPlugin);
  await app.register(docsPlugin);

  await app.register(realtimePlugin);
  await app.register(storagePlugin);
  const dispatch = createDispatchService(app);
  app.decorate('dispatcher', deps.dispatcher ?? dispatch.dispatcher);
  app.decorate('dispatch', dispatch);
  const billing = createBillingService(app);
  app.decorate('billing', billing);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(technicianProfileRoutes);
  await app.register(brandingRoutes);
  await app.register(apiTokenRoutes);
  await app.register(apiV1Routes);
  await app.register(technicianRoutes);
  await app.register(geoRoutes);
  await app.register(adminRoutes);
  await app.register(adminRecordsRoutes);
  await app.register(contactRoutes);
  await app.register(serviceRequestRoutes);
  await app.register(jobsRoutes, { documents: createJobDocuments(app) });
  await app.register(dispatchRoutes, { service: dispatch });
  await app.register(paymentsRoutes);
  await app.register(planRoutes);
  await app.register(posRoutes);
  await app.register(billingRoutes, { service: billing });
  await app.register(documentRoutes);
  await app.register(technicianApplicationRoutes);
  await app.register(setPasswordRoutes);
  await app.register(verificationRoutes);
  await app.register(vehicleRoutes);
  await app.register(reviewRoutes);
  await app.register(notificationRoutes);
  await app.register(outboxRoutes);
  await app.register(analyticsRoutes);
  await app.register(fairPriceRoutes);
  await app.register(seoRoutes);
  if (config.demoMode) await app.register(devMailboxRoutes);

  await app.register(staticClientPlugin, { clientDir: config.clientDir });

  if (deps.backgroundJobs !== false) {
    // Each runs once per interval across all instances (ADR 022); the lease (renewed while a
    // run lasts) is how long a dead instance's run blocks the others.
    const { jobs } = app;
    jobs.every('dispatch-sweep', 10_000, 20_000, () => app.dispatch.sweep());
    jobs.every('verification-sweep', 60 * 60_000, 5 * 60_000, () => sweepVerifications(app));
    jobs.every('subscription-renewals', 5 * 60_000, 2 * 60_000, () => app.billing.renewDue());
    jobs.every('abandoned-upload-sweep', 60 * 60_000, 5 * 60_000, () =>
      sweepAbandonedUploads(app.db, app.storage, app.clock(), app.log),
    );
    // Payments left processing by a crash are settled from the provider (ADR 007).
    jobs.every('payment-reconciliation', 30_000, 60_000, createPaymentReconciler(app));
    // Typical prices per service type and area, from completed, paid jobs (ADR 015).
    jobs.every('fair-price-refresh', 60 * 60_000, 5 * 60_000, () =>
      refreshFairPrices(app.db, app.clock()),
    );
    jobs.every('rate-limit-prune', 10 * 60_000, 60_000, () =>
      app.rateLimits.store.prune(app.clock().getTime()),
    );
    // The technician change log keeps 15 minutes (ADR 005).
    jobs.every('technician-change-log-prune', 60_000, 60_000, () => pruneTechnicianChanges(app.db));
    app.addHook('onReady', async () => {
      // Every instance runs the outbox worker: it claims messages row by row (ADR 012).
      app.outbox.start((fn) => app.realtime.onSignal(OUTBOX_CHANNEL, fn));
      jobs.start();
    });
    // Every instance keeps its technician index within the change log's reach (a search
    // catches up anyway; this spares an idle instance a full reload), ADR 005.
    const catchUp = setInterval(() => {
      if (!app.lifecycle.indexLoaded) return;
      app.technicianIndex
        .current()
        .catch((err: unknown) => app.log.warn({ err }, 'technician index: catch-up failed'));
    }, 2_000);
    catchUp.unref();
    app.addHook('preClose', async () => clearInterval(catchUp));
  }
  return app;
}
