import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? def : ['true', '1', 'yes'].includes(v)));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Shared rate limit counters in Redis instead of PostgreSQL (ADR 022). */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  REDIS_PREFIX: z
    .string()
    .max(100)
    .optional()
    .transform((v) => v || 'wrenchly:'),
  /** How long SIGTERM waits for in-flight requests before closing their connections. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(300).default(10),
  /** Multiplies every background job's interval and lease (tests and benchmarks run them faster). */
  JOB_INTERVAL_SCALE: z.coerce.number().min(0.001).max(1000).default(1),
  DEMO_MODE: z.string().optional(),
  PUBLIC_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().optional(),
  /** The OpenAPI UI and document at /api/docs; default on outside production. */
  API_DOCS: z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().min(3).default('Wrenchly <no-reply@wrenchly.com>'),
  SUPPORT_INBOX: z.email().default('support@wrenchly.com'),
  CARD_PROVIDER: z.enum(['sandbox', 'square', 'none']).optional(),
  WALLET_PROVIDER: z.enum(['sandbox', 'paypal', 'none']).optional(),
  SQUARE_ACCESS_TOKEN: z.string().optional(),
  SQUARE_APPLICATION_ID: z.string().optional(),
  SQUARE_LOCATION_ID: z.string().optional(),
  SQUARE_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
  /** Overrides the Square API base URL (tests point it at a local stand-in). */
  SQUARE_BASE_URL: z.url().optional(),
  /** Signs Square's webhook notifications (the subscription's signature key in the Developer Console). */
  SQUARE_WEBHOOK_SIGNATURE_KEY: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .refine(
      (v) => v === undefined || v.length >= 16,
      'must be the signature key Square shows (at least 16 characters)',
    ),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
  PAYPAL_BASE_URL: z.url().optional(),
  /** The id of the webhook registered in PayPal's developer dashboard (its verification needs it). */
  PAYPAL_WEBHOOK_ID: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .refine(
      (v) => v === undefined || /^[A-Za-z0-9-]{5,64}$/.test(v),
      'must be the webhook id PayPal shows (letters, digits, dashes)',
    ),
  /** Technicians' own payment accounts (ADR 030): Square OAuth's application secret. */
  SQUARE_APPLICATION_SECRET: z.string().optional(),
  /** Where Square's consent page is (default: Square's, by environment; tests: a stand-in). */
  SQUARE_OAUTH_URL: z.url().optional(),
  /** PayPal partner onboarding: the platform's partner merchant id. */
  PAYPAL_PARTNER_MERCHANT_ID: z.string().optional(),
  /**
   * The partner's attribution id (BN code) PayPal gave the platform: sent as
   * PayPal-Partner-Attribution-Id with the orders customers pay technicians through PayPal.
   */
  PAYPAL_PARTNER_ATTRIBUTION_ID: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined),
  /** GET /metrics answers only this bearer token; unset, there is no /metrics. */
  METRICS_TOKEN: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .refine((v) => v === undefined || v.length >= 16, 'must be at least 16 characters'),
  /**
   * Where the backups are written; its LAST_SUCCESS file (unix seconds) is the backup's last
   * success, exposed by GET /metrics. Unset: no backup metric.
   */
  BACKUP_DIR: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined),
  /** Traces go to this OTLP/HTTP collector (…/v1/traces is appended); unset, tracing is off. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .refine(
      (v) => v === undefined || /^https?:\/\/[^/]/.test(v),
      'must be an http:// or https:// URL',
    ),
  OTEL_EXPORTER_OTLP_PROTOCOL: z
    .enum(['http/protobuf', 'http/json', ''], {
      message: 'must be http/protobuf or http/json (gRPC is not bundled)',
    })
    .optional()
    .transform((v) => (v || 'http/protobuf') as 'http/protobuf' | 'http/json'),
  OTEL_SERVICE_NAME: z
    .string()
    .max(100)
    .optional()
    .transform((v) => v?.trim() || 'wrenchly'),
  /** Error reports (Sentry, GlitchTip: a plain DSN); unset, nothing is reported or loaded. */
  SENTRY_DSN: z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .refine(
      (v) => v === undefined || /^https?:\/\/[^@/\s]+@[^/\s]+\/.+/.test(v),
      'must be a DSN like https://<key>@<host>/<project>',
    ),
  SENTRY_ENVIRONMENT: z.string().max(64).optional(),
  /** Encrypts connected accounts' tokens at rest: 32 bytes, base64 or hex. */
  PAYMENT_TOKEN_KEY: z.string().optional(),
  /** The key before the last rotation: still decrypts, never encrypts (docs/operations). */
  PAYMENT_TOKEN_KEY_PREVIOUS: z.string().optional(),
  S3_BUCKET: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  S3_REGION: z
    .string()
    .optional()
    .transform((v) => v || 'us-east-1'),
  S3_ENDPOINT: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_ACCESS_KEY_ID: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  S3_SECRET_ACCESS_KEY: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  S3_FORCE_PATH_STYLE: bool(false),
  /** Web Push to technicians' devices; default on outside production, on in production when keys are set. */
  PUSH_ENABLED: z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).optional(),
  VAPID_PUBLIC_KEY: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  VAPID_PRIVATE_KEY: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Push services subscriptions may point at (host suffixes, comma-separated), besides the browsers' own. */
  PUSH_ENDPOINT_HOSTS: z.string().optional(),
  SMS_PROVIDER: z.enum(['outbox', 'twilio']).default('outbox'),
  /** Service requests accepted per client network address and hour. */
  SERVICE_REQUESTS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Accounts registered per client network address and hour. */
  REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  /** Photos decoded at once, each on one thread (the rest of libuv's pool stays for sign-ins). */
  IMAGE_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
  /** Photos waiting for a worker; one more is answered 503 with Retry-After. */
  IMAGE_QUEUE: z.coerce.number().int().min(0).max(1000).default(8),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  /** Overrides the Twilio API base URL (tests point it at a local stand-in). */
  TWILIO_BASE_URL: z.url().optional(),
  /** The map view's tiles (Leaflet URL template); the CSP's img-src admits only its host. */
  MAP_TILE_URL: z
    .string()
    .optional()
    .transform((v) => v?.trim() || DEFAULT_MAP_TILE_URL)
    .refine(
      (v) => tileImageSource(v) !== undefined,
      'must be an https:// URL template with {z}, {x} and {y} (and {s} only as the first label of the host)',
    ),
  MAP_TILE_ATTRIBUTION: z
    .string()
    .max(300)
    .optional()
    .transform((v) => v?.trim() || DEFAULT_MAP_ATTRIBUTION),
  /**
   * The footer's social links, 'Label=https://…' separated by commas (e.g.
   * 'Facebook=https://facebook.com/wrenchly,Instagram=https://instagram.com/wrenchly'); none
   * when unset: a link that goes nowhere is not shown.
   */
  SOCIAL_LINKS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const links = parseSocialLinks(v ?? '');
      if (typeof links === 'string') {
        ctx.addIssue({ code: 'custom', message: links });
        return z.NEVER;
      }
      return links;
    }),
});

export type SocialLink = { label: string; url: string };

/** 'Label=https://…' pairs separated by commas, or what is wrong with them. */
export function parseSocialLinks(raw: string): SocialLink[] | string {
  const links: SocialLink[] = [];
  for (const part of raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const at = part.indexOf('=');
    const label = part.slice(0, at).trim();
    const url = part.slice(at + 1).trim();
    if (at < 1 || !label || label.length > 40)
      return `'${part}' must be Label=https://… (a label of at most 40 characters)`;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return `the link of ${label} is not a URL`;
    }
    if (parsed.protocol !== 'https:') return `the link of ${label} must start with https://`;
    links.push({ label, url: parsed.href });
  }
  return links.length > 10 ? 'at most 10 links' : links;
}

export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_MAP_ATTRIBUTION = '© OpenStreetMap contributors';

/**
 * The CSP source a tile URL template loads from: its origin, with a `{s}` subdomain as `*`
 * ('https://{s}.tile.example.org/...' -> 'https://*.tile.example.org'); undefined when the
 * template is not an https URL with {z}, {x} and {y}.
 */
export function tileImageSource(template: string): string | undefined {
  if (!/\{z\}/.test(template) || !/\{x\}/.test(template) || !/\{y\}/.test(template)) return;
  const m = /^https:\/\/((?:\{s\}\.)?)([A-Za-z0-9.-]+(?::\d+)?)\//.exec(template);
  if (!m) return;
  let url: URL;
  try {
    url = new URL(`https://${m[2]}/`);
  } catch {
    return;
  }
  return m[1] ? `https://*.${url.host}` : url.origin;
}

/** S3-compatible storage for uploaded documents; unset means local disk under dataDir/uploads. */
export type S3Config = {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, ...); unset means AWS. */
  endpoint?: string;
  /** Unset: the AWS SDK's default credential chain (environment, instance role, ...). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
};

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL URL; undefined means embedded PGlite (under dataDir/pg, or in memory). */
  databaseUrl?: string;
  /** Embedded PGlite location: a directory, or 'memory://'. */
  pgliteDataDir: string;
  databasePoolSize: number;
  /** Redis for the shared rate limit counters; unset means the `rate_limits` table. */
  redisUrl?: string;
  /** Prefix of every Redis key (several deployments or tests on one Redis). */
  redisPrefix: string;
  /** SIGTERM: ms to wait for in-flight requests before their connections are closed. */
  shutdownGraceMs: number;
  /** Factor on every background job's interval and lease (1 in production). */
  jobIntervalScale: number;
  demoMode: boolean;
  publicUrl?: string;
  sessionSecret: string;
  logLevel: string;
  /**
   * Which reverse proxies may set X-Forwarded-For: false (none), a number of hops, or a list of
   * proxy addresses / CIDR ranges (Fastify's trustProxy).
   */
  trustProxy: false | number | string[];
  /** Serve the OpenAPI UI and document at /api/docs. */
  apiDocs: boolean;
  smtpUrl?: string;
  mailFrom: string;
  supportInbox: string;
  /** Set when S3_BUCKET is: documents go to that bucket instead of local disk. */
  s3?: S3Config;
  /** Card payments: the built-in sandbox, Square, or none ('Payment processing is not configured.'). */
  cardProvider: 'sandbox' | 'square' | 'none';
  walletProvider: 'sandbox' | 'paypal' | 'none';
  square: {
    accessToken?: string;
    applicationId?: string;
    locationId?: string;
    environment: 'sandbox' | 'production';
    baseUrl?: string;
    /**
     * Verifies webhook notifications (POST /api/webhooks/square); unset, every notification is
     * refused with 401.
     */
    webhookSignatureKey?: string;
  };
  paypal: {
    clientId?: string;
    clientSecret?: string;
    environment: 'sandbox' | 'production';
    baseUrl?: string;
    /** The registered webhook PayPal verifies events against; unset, events are refused (401). */
    webhookId?: string;
    partnerMerchantId?: string;
    /** The BN code sent with sellers' orders (PayPal-Partner-Attribution-Id). */
    partnerAttributionId?: string;
  };
  /** The bearer token of GET /metrics (unset: no metrics). */
  metricsToken?: string;
  /** The backups' directory, absolute (its LAST_SUCCESS file is read for the metrics). */
  backupDir?: string;
  /** OpenTelemetry traces over OTLP/HTTP (infra/telemetry.ts); no endpoint, no tracing. */
  telemetry: {
    endpoint?: string;
    protocol: 'http/protobuf' | 'http/json';
    serviceName: string;
  };
  /** Error reports (plugins/error-reports.ts), server and browser; no DSN, none. */
  errorReports: { dsn?: string; environment: string };
  /** Technicians' own payment accounts (ADR 030). */
  accounts: {
    squareApplicationSecret?: string;
    squareOauthUrl?: string;
    /** The token key (32 bytes), and the previous one while a rotation finishes. */
    tokenKey: Buffer;
    previousTokenKey?: Buffer;
  };
  push: {
    enabled: boolean;
    /** Both keys from the environment, or neither (a pair is generated and kept in the database). */
    vapidPublicKey?: string;
    vapidPrivateKey?: string;
    /** A contact for push services: mailto: or https://. */
    vapidSubject: string;
    /** Hosts (or host suffixes) a subscription's endpoint may be on. */
    endpointHosts: string[];
    /** Plain-http and loopback endpoints (local push services) outside production. */
    allowLocalEndpoints: boolean;
  };
  /** SMS: 'outbox' keeps messages in the outbox (visible in /dev/mailbox in demo mode). */
  sms: {
    provider: 'outbox' | 'twilio';
    twilio: { accountSid?: string; authToken?: string; from?: string; baseUrl?: string };
  };
  /** Per client address and hour: service requests (each notifies up to 5 technicians) and registrations. */
  limits: { serviceRequestsPerHour: number; registrationsPerHour: number };
  /** Photo decoding: workers at once and the waiting line (infra/work-queue.ts). */
  images: { workers: number; queue: number };
  /** Absolute path of the built client, served with SPA fallback when it exists. */
  clientDir?: string;
  /** The map view's tiles (GET /api/config/map) and the CSP img-src source they need. */
  map: { tileUrl: string; attribution: string; imageSource: string };
  /** The footer's social links (GET /api/config); none unless configured. */
  socialLinks: SocialLink[];
};

/**
 * The browsers' push services (Chrome and Samsung: FCM; Firefox: Mozilla autopush; Edge: WNS;
 * Safari: Apple). The server only ever sends to these, never to an address a client made up.
 */
export const BROWSER_PUSH_SERVICES = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

/** The published secret the demo signs with when SESSION_SECRET is not set (demo mode only). */
export const DEMO_SESSION_SECRET = 'dev-only-secret-change-me-in-production-please';

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const TRUST_PROXY_HELP =
  'use false, a number of proxy hops in front of the app (e.g. 1), or a comma-separated list ' +
  'of proxy addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8)';
/** proxy-addr's names for reserved ranges, accepted in the TRUST_PROXY list. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function validProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `false` (default), a hop count, or a list of proxies. `true` (trust whatever the
 * client claims in X-Forwarded-For) is refused: it lets anyone pick their own IP address.
 */
export function parseTrustProxy(raw: string | undefined): false | number | string[] | string {
  const v = (raw ?? '').trim().toLowerCase();
  if (v === '' || v === 'false' || v === 'no' || v === '0') return false;
  if (v === 'true' || v === 'yes')
    return `TRUST_PROXY: "true" would trust any client's X-Forwarded-For; ${TRUST_PROXY_HELP}`;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops <= 10 ? hops : `TRUST_PROXY: at most 10 hops; ${TRUST_PROXY_HELP}`;
  }
  const entries = v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  const bad = entries.filter((x) => !validProxyEntry(x));
  if (bad.length || entries.length === 0)
    return `TRUST_PROXY: not an address or CIDR range: ${bad.join(', ') || raw}; ${TRUST_PROXY_HELP}`;
  return entries;
}

/** Parses the environment once at boot; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`),
    );
  }
  const e = parsed.data;
  const demoDefault = e.NODE_ENV !== 'production';
  const demoMode =
    e.DEMO_MODE === undefined || e.DEMO_MODE === ''
      ? demoDefault
      : ['true', '1', 'yes'].includes(e.DEMO_MODE.toLowerCase());
  // Request links, upload URLs and the sandbox's card tokens are signed with it: a default
  // anyone can read in the source would let them be forged. Only the demo may use one.
  if (!demoMode && !e.SESSION_SECRET) {
    throw new ConfigError([
      'SESSION_SECRET: required unless DEMO_MODE is on (at least 32 random characters; ' +
        'without it signed links could be forged)',
    ]);
  }
  if (e.NODE_ENV === 'production' && demoMode) {
    // The demo seeds known passwords and opens the anonymous mailbox (set-password links).
    throw new ConfigError([
      'DEMO_MODE: must not be enabled when NODE_ENV=production (the demo creates accounts with ' +
        'a published password and an open mailbox); unset DEMO_MODE or set it to false',
    ]);
  }
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  const apiDocs =
    e.API_DOCS === undefined || e.API_DOCS === ''
      ? e.NODE_ENV !== 'production'
      : ['true', '1', 'yes'].includes(e.API_DOCS);
  const dataDir = path.resolve(e.DATA_DIR);
  // The sandbox moves no money: the default locally, never a silent default in production.
  const cardProvider = e.CARD_PROVIDER ?? (e.NODE_ENV === 'production' ? 'none' : 'sandbox');
  const walletProvider = e.WALLET_PROVIDER ?? (e.NODE_ENV === 'production' ? 'none' : 'sandbox');
  const pushEnabled =
    e.PUSH_ENABLED === undefined || e.PUSH_ENABLED === ''
      ? e.NODE_ENV !== 'production' || Boolean(e.VAPID_PUBLIC_KEY)
      : ['true', '1', 'yes'].includes(e.PUSH_ENABLED);
  const missing = (names: [string, string | undefined][]) =>
    names
      .filter(([, v]) => !v)
      .map(([n]) => `${n}: required when ${n.split('_')[0]} payments are enabled`);
  const problems = [
    ...(typeof trustProxy === 'string' ? [trustProxy] : []),
    ...(cardProvider === 'square'
      ? missing([
          ['SQUARE_ACCESS_TOKEN', e.SQUARE_ACCESS_TOKEN],
          ['SQUARE_APPLICATION_ID', e.SQUARE_APPLICATION_ID],
          ['SQUARE_LOCATION_ID', e.SQUARE_LOCATION_ID],
        ])
      : []),
    ...(walletProvider === 'paypal'
      ? missing([
          ['PAYPAL_CLIENT_ID', e.PAYPAL_CLIENT_ID],
          ['PAYPAL_CLIENT_SECRET', e.PAYPAL_CLIENT_SECRET],
        ])
      : []),
    ...(e.PAYPAL_WEBHOOK_ID && (!e.PAYPAL_CLIENT_ID || !e.PAYPAL_CLIENT_SECRET)
      ? [
          "PAYPAL_WEBHOOK_ID: needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET (webhook events are verified through PayPal's API)",
        ]
      : []),
    ...(e.SQUARE_WEBHOOK_SIGNATURE_KEY && e.NODE_ENV === 'production' && !e.PUBLIC_URL
      ? [
          'SQUARE_WEBHOOK_SIGNATURE_KEY: needs PUBLIC_URL (Square signs the notification URL, PUBLIC_URL + /api/webhooks/square)',
        ]
      : []),
    ...(Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)
      ? ['VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither']
      : []),
    ...(pushEnabled && e.NODE_ENV === 'production' && !e.VAPID_PUBLIC_KEY
      ? [
          'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: required when push is enabled in production ' +
            '(generate a pair with `npx web-push generate-vapid-keys`, or set PUSH_ENABLED=false)',
        ]
      : []),
    ...(e.SMS_PROVIDER === 'twilio'
      ? [
          ['TWILIO_ACCOUNT_SID', e.TWILIO_ACCOUNT_SID],
          ['TWILIO_AUTH_TOKEN', e.TWILIO_AUTH_TOKEN],
          ['TWILIO_FROM', e.TWILIO_FROM],
        ]
          .filter(([, v]) => !v)
          .map(([n]) => `${n}: required when SMS_PROVIDER=twilio`)
      : []),
    ...tokenKeyProblems(e.PAYMENT_TOKEN_KEY, 'PAYMENT_TOKEN_KEY'),
    ...tokenKeyProblems(e.PAYMENT_TOKEN_KEY_PREVIOUS, 'PAYMENT_TOKEN_KEY_PREVIOUS'),
    ...(!e.PAYMENT_TOKEN_KEY &&
    (cardProvider === 'square' || walletProvider === 'paypal') &&
    !demoMode
      ? [
          'PAYMENT_TOKEN_KEY: required when real payment providers are enabled ' +
            '(32 random bytes: `openssl rand -base64 32`)',
        ]
      : []),
    ...(Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)
      ? ['S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither']
      : []),
  ];
  if (problems.length || typeof trustProxy === 'string') throw new ConfigError(problems);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    pgliteDataDir: path.join(dataDir, 'pg'),
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    shutdownGraceMs: Math.round(e.SHUTDOWN_GRACE_SECONDS * 1000),
    jobIntervalScale: e.JOB_INTERVAL_SCALE,
    demoMode,
    publicUrl: e.PUBLIC_URL,
    // Signs upload URLs and other short-lived links; a per-process default is fine outside production.
    sessionSecret: e.SESSION_SECRET ?? DEMO_SESSION_SECRET,
    logLevel: e.LOG_LEVEL,
    trustProxy,
    apiDocs,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportInbox: e.SUPPORT_INBOX,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    cardProvider,
    walletProvider,
    square: {
      accessToken: e.SQUARE_ACCESS_TOKEN,
      applicationId: e.SQUARE_APPLICATION_ID,
      locationId: e.SQUARE_LOCATION_ID,
      environment: e.SQUARE_ENVIRONMENT,
      baseUrl: e.SQUARE_BASE_URL,
      webhookSignatureKey: e.SQUARE_WEBHOOK_SIGNATURE_KEY,
    },
    paypal: {
      clientId: e.PAYPAL_CLIENT_ID,
      clientSecret: e.PAYPAL_CLIENT_SECRET,
      environment: e.PAYPAL_ENVIRONMENT,
      baseUrl: e.PAYPAL_BASE_URL,
      webhookId: e.PAYPAL_WEBHOOK_ID,
      partnerMerchantId: e.PAYPAL_PARTNER_MERCHANT_ID,
      partnerAttributionId: e.PAYPAL_PARTNER_ATTRIBUTION_ID,
    },
    metricsToken: e.METRICS_TOKEN,
    backupDir: e.BACKUP_DIR ? path.resolve(e.BACKUP_DIR) : undefined,
    telemetry: {
      endpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
      protocol: e.OTEL_EXPORTER_OTLP_PROTOCOL,
      serviceName: e.OTEL_SERVICE_NAME,
    },
    errorReports: { dsn: e.SENTRY_DSN, environment: e.SENTRY_ENVIRONMENT || e.NODE_ENV },
    accounts: {
      squareApplicationSecret: e.SQUARE_APPLICATION_SECRET,
      squareOauthUrl: e.SQUARE_OAUTH_URL,
      // Without a key (demo mode, the sandbox), one is derived from the session secret.
      tokenKey: e.PAYMENT_TOKEN_KEY
        ? parseTokenKey(e.PAYMENT_TOKEN_KEY)!
        : createHash('sha256')
            .update(`payment-tokens:${e.SESSION_SECRET ?? DEMO_SESSION_SECRET}`)
            .digest(),
      previousTokenKey: e.PAYMENT_TOKEN_KEY_PREVIOUS
        ? parseTokenKey(e.PAYMENT_TOKEN_KEY_PREVIOUS)
        : undefined,
    },
    limits: {
      serviceRequestsPerHour: e.SERVICE_REQUESTS_PER_HOUR,
      registrationsPerHour: e.REGISTRATIONS_PER_HOUR,
    },
    images: { workers: e.IMAGE_WORKERS, queue: e.IMAGE_QUEUE },
    push: {
      enabled: pushEnabled,
      vapidPublicKey: e.VAPID_PUBLIC_KEY,
      vapidPrivateKey: e.VAPID_PRIVATE_KEY,
      vapidSubject: e.VAPID_SUBJECT ?? `mailto:${e.SUPPORT_INBOX}`,
      endpointHosts: [
        ...BROWSER_PUSH_SERVICES,
        ...(e.PUSH_ENDPOINT_HOSTS ?? '')
          .split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      ],
      allowLocalEndpoints: e.NODE_ENV !== 'production',
    },
    socialLinks: e.SOCIAL_LINKS,
    map: {
      tileUrl: e.MAP_TILE_URL,
      attribution: e.MAP_TILE_ATTRIBUTION,
      imageSource: tileImageSource(e.MAP_TILE_URL)!,
    },
    sms: {
      provider: e.SMS_PROVIDER,
      twilio: {
        accountSid: e.TWILIO_ACCOUNT_SID,
        authToken: e.TWILIO_AUTH_TOKEN,
        from: e.TWILIO_FROM,
        baseUrl: e.TWILIO_BASE_URL,
      },
    },
  };
}

/** A 32-byte key written as base64 or hex; undefined when it is neither. */
export function parseTokenKey(value: string): Buffer | undefined {
  const v = value.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(v) ? Buffer.from(v, 'hex') : Buffer.from(v, 'base64');
  return bytes.length === 32 ? bytes : undefined;
}

function tokenKeyProblems(value: string | undefined, name: string): string[] {
  return value && !parseTokenKey(value)
    ? [`${name}: must be 32 bytes, written as base64 or hex (\`openssl rand -base64 32\`)`]
    : [];
}
