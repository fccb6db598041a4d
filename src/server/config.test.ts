import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to port 5000, ./data, embedded PGlite and demo mode', () => {
    const c = loadConfig({});
    expect(c.port).toBe(5000);
    expect(c.dataDir).toMatch(/\/data$/);
    expect(c.pgliteDataDir).toMatch(/\/data\/pg$/);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.demoMode).toBe(true);
  });

  it('takes the footer social links from SOCIAL_LINKS, none when unset, refusing bad ones', () => {
    expect(loadConfig({}).socialLinks).toEqual([]);
    expect(
      loadConfig({
        SOCIAL_LINKS:
          'Facebook=https://facebook.com/wrenchly, Instagram=https://instagram.com/wrenchly',
      }).socialLinks,
    ).toEqual([
      { label: 'Facebook', url: 'https://facebook.com/wrenchly' },
      { label: 'Instagram', url: 'https://instagram.com/wrenchly' },
    ]);
    expect(() => loadConfig({ SOCIAL_LINKS: 'Facebook=http://facebook.com/x' })).toThrow(
      /SOCIAL_LINKS: the link of Facebook must start with https:\/\//,
    );
    expect(() => loadConfig({ SOCIAL_LINKS: 'https://x.com/wrenchly' })).toThrow(
      /SOCIAL_LINKS: .* must be Label=https/,
    );
  });

  it('honours PORT, DATA_DIR and DATABASE_URL', () => {
    const c = loadConfig({ PORT: '6123', DATA_DIR: '/tmp/w', DATABASE_URL: 'postgres://u@h/db' });
    expect(c).toMatchObject({ port: 6123, dataDir: '/tmp/w', databaseUrl: 'postgres://u@h/db' });
  });

  it('turns demo mode off in production and refuses to boot when it is asked for', () => {
    const secret = 'x'.repeat(40);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: secret }).demoMode).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: secret, DEMO_MODE: 'false' }).demoMode,
    ).toBe(false);
    for (const on of ['true', '1', 'yes', 'TRUE']) {
      expect(() =>
        loadConfig({ NODE_ENV: 'production', SESSION_SECRET: secret, DEMO_MODE: on }),
      ).toThrow(/DEMO_MODE: must not be enabled when NODE_ENV=production/);
    }
    expect(loadConfig({ NODE_ENV: 'development', DEMO_MODE: 'true' }).demoMode).toBe(true);
  });

  it('takes REDIS_URL, REDIS_PREFIX, SHUTDOWN_GRACE_SECONDS and JOB_INTERVAL_SCALE (ADR 022)', () => {
    expect(loadConfig({})).toMatchObject({
      redisUrl: undefined,
      redisPrefix: 'wrenchly:',
      shutdownGraceMs: 10_000,
      jobIntervalScale: 1,
    });
    expect(
      loadConfig({
        REDIS_URL: 'redis://cache.internal:6379/2',
        REDIS_PREFIX: 'staging:',
        SHUTDOWN_GRACE_SECONDS: '2.5',
        JOB_INTERVAL_SCALE: '0.05',
      }),
    ).toMatchObject({
      redisUrl: 'redis://cache.internal:6379/2',
      redisPrefix: 'staging:',
      shutdownGraceMs: 2500,
      jobIntervalScale: 0.05,
    });
    expect(loadConfig({ REDIS_URL: '' }).redisUrl).toBeUndefined();
    expect(() => loadConfig({ REDIS_URL: 'http://cache:6379' })).toThrow(
      /REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/,
    );
    expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: '-1' })).toThrow(/SHUTDOWN_GRACE_SECONDS/);
    expect(() => loadConfig({ JOB_INTERVAL_SCALE: '0' })).toThrow(/JOB_INTERVAL_SCALE/);
  });

  it('serves the API docs by default outside production only, unless API_DOCS says otherwise', () => {
    const secret = 'x'.repeat(40);
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: secret }).apiDocs).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: secret, API_DOCS: 'true' }).apiDocs,
    ).toBe(true);
    expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(() => loadConfig({ API_DOCS: 'maybe' })).toThrow(/API_DOCS/);
  });

  it('takes TRUST_PROXY as false, a hop count or a list of proxies, and refuses true', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    for (const bad of ['true', 'yes']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(
        /TRUST_PROXY: "true" would trust any client's X-Forwarded-For; use false, a number of proxy hops/,
      );
    }
    for (const bad of ['10.0.0.0/33', 'proxy.example.com', '1.2.3', '99']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    }
  });

  it('fails fast naming every bad variable', () => {
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://nope' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const msg = (err as Error).message;
      expect(msg).toContain('PORT');
      expect(msg).toContain('DATABASE_URL');
      expect(msg).toContain('SMTP_URL');
    }
  });

  it('stores documents on local disk unless S3_BUCKET is set', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(
      loadConfig({
        S3_BUCKET: 'docs',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).s3,
    ).toEqual({
      bucket: 'docs',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(() => loadConfig({ S3_BUCKET: 'docs', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither/,
    );
    expect(() => loadConfig({ S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT/);
  });

  it('takes the webhook keys, refusing what cannot verify a provider event', () => {
    const c = loadConfig({
      SQUARE_WEBHOOK_SIGNATURE_KEY: ' sq-signature-key-0123456789 ',
      PAYPAL_WEBHOOK_ID: 'WH-7YX49823S2290830K',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
    });
    expect(c.square.webhookSignatureKey).toBe('sq-signature-key-0123456789');
    expect(c.paypal.webhookId).toBe('WH-7YX49823S2290830K');
    expect(loadConfig({ SQUARE_WEBHOOK_SIGNATURE_KEY: '' }).square.webhookSignatureKey).toBe(
      undefined,
    );
    expect(() => loadConfig({ SQUARE_WEBHOOK_SIGNATURE_KEY: 'short' })).toThrow(
      /SQUARE_WEBHOOK_SIGNATURE_KEY/,
    );
    expect(() => loadConfig({ PAYPAL_WEBHOOK_ID: 'WH 1; drop' })).toThrow(/PAYPAL_WEBHOOK_ID/);
    // PayPal verifies its events through its API: the client credentials are needed.
    expect(() => loadConfig({ PAYPAL_WEBHOOK_ID: 'WH-7YX49823S2290830K' })).toThrow(
      /PAYPAL_WEBHOOK_ID: needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET/,
    );
    // Square signs the notification URL: production needs the public one.
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(32),
        SQUARE_WEBHOOK_SIGNATURE_KEY: 'sq-signature-key-0123456789',
      }),
    ).toThrow(/SQUARE_WEBHOOK_SIGNATURE_KEY: needs PUBLIC_URL/);
  });

  it('requires a session secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
  });

  it('requires a session secret whenever demo mode is off, whatever NODE_ENV says', () => {
    // A staging-like set-up: signed request links must not come from a published default.
    for (const NODE_ENV of ['development', 'test', undefined]) {
      expect(() => loadConfig({ NODE_ENV, DEMO_MODE: 'false' }), String(NODE_ENV)).toThrow(
        /SESSION_SECRET: required unless DEMO_MODE is on/,
      );
    }
    const secret = 's'.repeat(40);
    expect(loadConfig({ DEMO_MODE: 'false', SESSION_SECRET: secret }).sessionSecret).toBe(secret);
    // The demo keeps working without one.
    expect(() => loadConfig({ NODE_ENV: 'development' })).not.toThrow();
  });
});
