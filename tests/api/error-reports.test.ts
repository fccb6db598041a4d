import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELEASE } from '../../src/shared/release';
import { buildApp } from '../../src/server/app';
import { AppError } from '../../src/server/infra/app-error';
import { buildRelease } from '../../scripts/release';
import {
  buildTestApp,
  openTestDatabase,
  testConfig,
  type TestApp,
} from '../helpers/build-test-app';
import { eventsOf, startSentryStandIn } from '../helpers/sentry-stand-in';

/**
 * Error reports (SENTRY_DSN) against a Sentry stand-in: what becomes a 500 is reported with the
 * build's release and without the personal data and credentials the request carried; a 4xx is
 * not. The browser is told the DSN in the page, and its CSP lets it post there.
 */

const SECRETS = {
  password: 'hunter2-very-secret',
  cookie: 'cookie-secret-value-0123',
  bearer: 'bearer-secret-value-0123',
  urlToken: 'url-secret-value-0123',
  email: 'jane.doe@example.com',
  phone: '(202) 555-0143',
};

let standIn: Awaited<ReturnType<typeof startSentryStandIn>>;
let app: FastifyInstance;
let closeDatabase = async () => {};
let clientDir: string;

beforeAll(async () => {
  standIn = await startSentryStandIn();
  clientDir = mkdtempSync(path.join(tmpdir(), 'wrenchly-client-'));
  writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head><title>Wrenchly</title></head><body><div id="root"></div></body></html>',
  );
  const { database, drop } = await openTestDatabase();
  closeDatabase = drop;
  app = await buildApp(
    testConfig({
      clientDir,
      errorReports: { dsn: standIn.dsn, environment: 'test' },
    }),
    { database, backgroundJobs: false },
  );
  // Routes that fail as a bug would (a 500) and as a client's mistake would (a 400).
  app.post('/api/test/boom', { config: { access: 'public' } }, async () => {
    const err = new Error(`could not bill ${SECRETS.email} at ${SECRETS.phone}`) as Error & {
      detail?: string;
    };
    err.detail = `Key (email)=(${SECRETS.email}) already exists.`;
    throw err;
  });
  app.post('/api/test/refused', { config: { access: 'public' } }, async () => {
    throw new AppError(400, `No account for ${SECRETS.email}`);
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await closeDatabase();
  await standIn?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('error reports (SENTRY_DSN)', () => {
  it('reports a 500 with the release, without the password, cookie, token, e-mail or phone', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/test/boom?token=${SECRETS.urlToken}`,
      headers: {
        cookie: `wrenchly_session=${SECRETS.cookie}`,
        authorization: `Bearer ${SECRETS.bearer}`,
      },
      payload: { email: SECRETS.email, password: SECRETS.password, phone: SECRETS.phone },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal server error' });
    await app.errorReports.flush();
    const envelopes = await standIn.waitFor((e) => eventsOf(e).length > 0);

    expect(envelopes[0]!.project).toBe('42');
    const [event] = eventsOf(envelopes);
    expect(event!.release).toBe(RELEASE);
    // The build's release: the package version and, in a checkout, the commit.
    expect(event!.release).toBe(buildRelease());
    expect(event!.release).toMatch(/^wrenchly@\d+\.\d+\.\d+/);
    expect(event!.environment).toBe('test');
    expect(event!.tags?.route).toBe('/api/test/boom');
    expect(event!.tags?.request_id).toBe(res.headers['x-request-id']);
    expect(event!.exception?.values?.[0]?.value).toBe('could not bill [redacted] at [redacted]');
    expect(event!.request?.url).toBe('/api/test/boom?token=[redacted]');

    const raw = envelopes.map((e) => e.raw).join('\n');
    for (const secret of Object.values(SECRETS)) expect(raw).not.toContain(secret);
    expect(raw).not.toContain('555-0143');
    expect(raw.toLowerCase()).not.toContain('cookie');
    expect(raw.toLowerCase()).not.toContain('authorization');
  });

  it("gives each request's event the request's own trace id, not one shared id", async () => {
    const before = eventsOf(standIn.envelopes).length;
    const ids = ['0f9c2b1e-8d4a-4c3b-9e2f-1a2b3c4d5e6f', '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d'];
    for (const id of ids) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/test/boom',
        headers: { 'x-request-id': id },
      });
      expect(res.statusCode).toBe(500);
    }
    await app.errorReports.flush();
    const events = eventsOf(await standIn.waitFor((e) => eventsOf(e).length >= before + 2)).slice(
      before,
    );
    expect(events.map((e) => e.contexts?.trace?.trace_id)).toEqual(
      ids.map((id) => id.replace(/-/g, '')),
    );
  });

  it("reports a background task's failure, named", async () => {
    const before = eventsOf(standIn.envelopes).length;
    const ran = await app.tasks.runExclusive('test-task', 0, 5_000, async () => {
      throw new Error('the task broke');
    });
    expect(ran).toBe(true);
    await app.errorReports.flush();
    const events = eventsOf(await standIn.waitFor((e) => eventsOf(e).length > before)).slice(
      before,
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.tags?.task).toBe('test-task');
    expect(events[0]!.exception?.values?.[0]?.value).toBe('the task broke');
    expect(events[0]!.contexts?.trace?.trace_id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('does not report a client error (4xx)', async () => {
    const before = eventsOf(standIn.envelopes).length;
    const refused = await app.inject({ method: 'POST', url: '/api/test/refused', payload: {} });
    expect(refused.statusCode).toBe(400);
    const invalid = await app.inject({
      method: 'POST',
      url: '/api/test/boom',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(invalid.statusCode).toBe(400);
    await app.errorReports.flush();
    // A report would have been sent by the flush; give the stand-in a moment to receive it.
    await new Promise((r) => setTimeout(r, 300));
    expect(eventsOf(standIn.envelopes).length).toBe(before);
  });

  it("tells the browser the DSN in the page, and its CSP admits the DSN's origin", async () => {
    const page = await app.inject({ url: '/account' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      `<meta name="wrenchly-error-reports" content="${standIn.dsn}" data-environment="test">`,
    );
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(
      new RegExp(`connect-src 'self' http://127\\.0\\.0\\.1:${standIn.port}(;|$)`),
    );
  });
});

describe('without SENTRY_DSN', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await buildTestApp();
  });
  afterAll(async () => plain?.close());

  it('reports nothing and admits no other origin', async () => {
    const res = await plain.app.inject({ url: '/api/health' });
    expect(String(res.headers['content-security-policy'])).toMatch(/connect-src 'self';/);
    plain.app.errorReports.capture(new Error('nobody hears this'));
    await plain.app.errorReports.flush();
    expect(eventsOf(standIn.envelopes).some((e) => /nobody/.test(JSON.stringify(e)))).toBe(false);
  });
});
