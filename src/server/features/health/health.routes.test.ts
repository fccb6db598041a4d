import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers ok when the database is reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('carries a request id and security headers with a CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('echoes a well-formed incoming request id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(res.headers['x-request-id']).toBe('abc-123');
  });
});

describe('GET /api/config', () => {
  it('tells the client whether demo mode is on, and no social links unless configured', async () => {
    const t = await buildTestApp({ config: { demoMode: false } });
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json()).toEqual({
      demoMode: false,
      socialLinks: [],
    });
    await t.close();
  });

  it("hands the client the operator's social links", async () => {
    const socialLinks = [{ label: 'Instagram', url: 'https://instagram.com/wrenchly' }];
    const t = await buildTestApp({ config: { socialLinks } });
    expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json()).toMatchObject({
      socialLinks,
    });
    await t.close();
  });
});

describe('GET /api/health/live and /api/health/ready (load balancers)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.restoreAllMocks();
    t.app.lifecycle.shuttingDown = false;
  });
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const ok = { ok: true };

  it('live: 200 while the process is up, without asking the database', async () => {
    const execute = vi.spyOn(t.app.db, 'execute');
    const res = await get('/api/health/live');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(execute).not.toHaveBeenCalled();
  });

  it('ready: 200 with every check passed', async () => {
    const res = await get('/api/health/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      failed: [],
      degraded: [],
      checks: { database: ok, migrations: ok, technicianIndex: ok, shutdown: ok },
    });
  });

  it('ready: 503 while the instance shuts down', async () => {
    t.app.lifecycle.shuttingDown = true;
    const res = await get('/api/health/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      status: 'unavailable',
      failed: ['shutdown'],
      checks: { shutdown: { ok: false, detail: 'shutting down' } },
    });
  });

  it('ready: 503 naming the database when it does not answer', async () => {
    vi.spyOn(t.app.db, 'execute').mockRejectedValue(new Error('connection refused'));
    const res = await get('/api/health/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json().failed).toEqual(['database', 'migrations', 'technicianIndex']);
    expect(res.json().checks.database).toEqual({ ok: false, detail: 'unreachable' });
    // The old route keeps its answer.
    const old = await get('/api/health');
    expect(old.statusCode).toBe(503);
    expect(old.json()).toMatchObject({ status: 'degraded', database: 'down' });
  });

  it('ready: 503 until the technician index has loaded once', async () => {
    t.app.lifecycle.indexLoaded = false;
    vi.spyOn(t.app.technicianIndex, 'current').mockRejectedValueOnce(new Error('loading failed'));
    const res = await get('/api/health/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      failed: ['technicianIndex'],
      checks: { technicianIndex: { ok: false, detail: 'not loaded yet' } },
    });
    // The next probe loads it.
    expect((await get('/api/health/ready')).statusCode).toBe(200);
    expect(t.app.lifecycle.indexLoaded).toBe(true);
  });
});

describe('GET /api/health/ready with a migration missing', () => {
  it('answers 503 naming the migrations', async () => {
    const t = await buildTestApp();
    await t.app.db.execute(
      sql`delete from drizzle.__drizzle_migrations
          where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      failed: ['migrations'],
      checks: { migrations: { ok: false, detail: 'not all migrations are applied' } },
    });
    await t.close();
  });
});

describe('GET /api/health/ready on an empty database', () => {
  it('answers 503 once the schema is gone under a running instance, and 200 once it is back', async () => {
    const t = await buildTestApp();
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(
        200,
      );
      // What dropping and re-creating the database leaves: nothing of the app's schema.
      await t.app.db.execute(sql`alter schema drizzle rename to drizzle_gone`);
      await t.app.db.execute(sql`alter table public.users rename to users_gone`);
      const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        failed: ['migrations'],
        checks: {
          database: { ok: true },
          migrations: { ok: false, detail: 'the schema is missing (an empty database?)' },
        },
      });
      await t.app.db.execute(sql`alter table public.users_gone rename to users`);
      await t.app.db.execute(sql`alter schema drizzle_gone rename to drizzle`);
      expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(
        200,
      );
    } finally {
      await t.close();
    }
  });
});

describe('GET /api/health/ready with Redis configured but unreachable', () => {
  it('stays ready, naming Redis as degraded, and the limited routes still serve', async () => {
    // Port 1 on loopback: nothing listens there.
    const t = await buildTestApp({ config: { redisUrl: 'redis://127.0.0.1:1' } });
    const started = Date.now();
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ready',
      failed: [],
      degraded: ['redis'],
      checks: { redis: { ok: false, detail: expect.stringMatching(/PostgreSQL meanwhile/) } },
    });
    expect(Date.now() - started).toBeLessThan(3_000);
    // Why it may stay in the load balancer: a rate-limited route answers as usual.
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: 'nobody-here', password: 'wrong-password' },
    });
    expect(signin.statusCode).toBe(401);
    await t.close();
  });
});
