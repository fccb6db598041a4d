import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../src/server/app';
import { DEMO_SESSION_SECRET } from '../../src/server/config';
import { accessPlugin } from '../../src/server/plugins/access';
import {
  buildTestApp,
  openTestDatabase,
  testConfig,
  type TestApp,
} from '../helpers/build-test-app';

describe('app shell', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ message: 'Route GET /api/no-such-thing not found' });
  });

  it('answers malformed JSON with a 400 and a clear message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
      payload: '{"oops":',
    });
    // POST /api/health does not exist: the 404 wins over body parsing.
    expect([400, 404]).toContain(res.statusCode);
    expect(res.json()).toHaveProperty('message');
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths).toHaveProperty('/api/health');
  });

  it('lets the installable app load its service worker and manifest (CSP)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain("default-src 'self'");
  });

  it('records every /api route with its declared access', () => {
    expect(t.app.apiRoutes).toContainEqual({ method: 'GET', url: '/api/health', access: 'public' });
  });

  it('shows the outbox at /dev/mailbox in demo mode', async () => {
    await t.app.outbox.enqueue(t.app.db, [
      { to: 'a@example.com', subject: 'Hello <there>', text: 'Body', template: 'test' },
      { channel: 'sms', to: '+12025550142', subject: 'New job', text: 'Text', template: 'sms' },
    ]);
    const page = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Hello &lt;there&gt;');
    const json = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    // Without SMTP or an SMS provider, messages are kept ('held') and shown here.
    expect(json.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ to: 'a@example.com', subject: 'Hello <there>', status: 'held' }),
        expect.objectContaining({ channel: 'sms', to: '+12025550142', status: 'held' }),
      ]),
    );
  });
});

describe('validation and errors', () => {
  it('turns schema failures into 400 { message, issues } and hides 500 details', async () => {
    const { database, drop } = await openTestDatabase();
    const app = await buildApp(testConfig(), { database });
    app.post(
      '/api/__test/echo',
      {
        config: { access: 'public' },
        schema: {
          body: z.object({ name: z.string().min(2, 'Name must be at least 2 characters') }),
        },
      },
      async (req) => req.body,
    );
    app.get('/api/__test/boom', { config: { access: 'public' } }, async () => {
      throw new Error('secret internals');
    });
    const bad = await app.inject({
      method: 'POST',
      url: '/api/__test/echo',
      payload: { name: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      message: 'Name must be at least 2 characters',
      issues: [{ path: 'name', message: 'Name must be at least 2 characters' }],
    });
    const badJson = await app.inject({
      method: 'POST',
      url: '/api/__test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({ message: 'Request body is not valid JSON' });
    const boom = await app.inject({ method: 'GET', url: '/api/__test/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({ message: 'Internal server error' });
    await app.close();
    await drop();
  });
});

describe('access declarations', () => {
  it('refuses to register an /api route without an access rule', async () => {
    const app = Fastify();
    await app.register(accessPlugin);
    expect(() => app.get('/api/undeclared', async () => 'x')).toThrow(/declares no access rule/);
    await app.close();
  });
});

describe('demo mode off', () => {
  it('refuses to start with the published demo secret, however the configuration was made', async () => {
    const { database, drop } = await openTestDatabase();
    await expect(
      buildApp(testConfig({ demoMode: false, sessionSecret: DEMO_SESSION_SECRET }), { database }),
    ).rejects.toThrow(/SESSION_SECRET/);
    await drop();
  });

  it('does not expose the mailbox', async () => {
    const { database, drop } = await openTestDatabase();
    const app = await buildApp(testConfig({ demoMode: false }), { database });
    const res = await app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(res.statusCode).toBe(404);
    await app.close();
    await drop();
  });
});
