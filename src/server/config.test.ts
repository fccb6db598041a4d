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

  it('honours PORT, DATA_DIR and DATABASE_URL', () => {
    const c = loadConfig({ PORT: '6123', DATA_DIR: '/tmp/w', DATABASE_URL: 'postgres://u@h/db' });
    expect(c).toMatchObject({ port: 6123, dataDir: '/tmp/w', databaseUrl: 'postgres://u@h/db' });
  });

  it('turns demo mode off in production unless asked', () => {
    const secret = 'x'.repeat(40);
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: secret }).demoMode).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: secret, DEMO_MODE: 'true' }).demoMode,
    ).toBe(true);
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

  it('requires a session secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
  });
});
