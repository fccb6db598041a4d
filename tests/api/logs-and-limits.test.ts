import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { AppConfig } from '../../src/server/config';
import { users } from '../../src/server/db/schema';
import { redactUrl } from '../../src/server/infra/log-redaction';
import { hashPassword } from '../../src/server/infra/password';
import { buildTestApp, openTestDatabase, testConfig } from '../helpers/build-test-app';

type LogLine = Record<string, unknown> & { msg?: string; reqId?: string };

/**
 * The real app with its real logger writing into an array, and (before it is ready) whatever
 * extra routes a test needs to provoke an error.
 */
async function buildLoggedApp(
  config: Partial<AppConfig> = {},
  extraRoutes?: (app: FastifyInstance) => void,
) {
  const { database, drop } = await openTestDatabase();
  const raw: string[] = [];
  const app = await buildApp(testConfig({ logLevel: 'info', ...config }), {
    database,
    backgroundJobs: false,
    logStream: { write: (line: string) => void raw.push(line) },
  });
  extraRoutes?.(app);
  await app.ready();
  return {
    app,
    raw,
    lines: () => raw.map((l) => JSON.parse(l) as LogLine),
    async close() {
      await app.close();
      await drop();
    },
  };
}

describe('logs: no query parameters, secrets or tokens', () => {
  let t: Awaited<ReturnType<typeof buildLoggedApp>>;
  const secretUser = { username: 'leaky.user', email: 'leaky.user@example.com' };
  let passwordHash: string;

  beforeAll(async () => {
    passwordHash = await hashPassword('Sup3r-secret-passw0rd');
    t = await buildLoggedApp({}, (app) => {
      // An unhandled database error, as a racing duplicate registration produced it.
      app.post('/api/test-only/duplicate-user', { config: { access: 'public' } }, async () => {
        const values = {
          ...secretUser,
          passwordHash,
          role: 'customer' as const,
          status: 'approved' as const,
          firstName: 'Lee',
          lastName: 'Leaky',
        };
        await app.db.insert(users).values(values);
        await app.db.insert(users).values(values);
        return { ok: true };
      });
    });
  });
  afterAll(() => t.close());

  it('logs an unhandled database error without its parameters (username, e-mail, hash)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test-only/duplicate-user' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal server error' });

    const logged = t.raw.join('\n');
    const error = t.lines().find((l) => l.msg === 'Unhandled error');
    expect(error).toBeDefined();
    // The error is still useful: what failed, and the database's code and constraint.
    const err = error!.err as Record<string, unknown>;
    expect(String(err.message)).toContain('Failed query: insert into "users"');
    expect(err).toMatchObject({ code: '23505', table: 'users' });
    // ...but no value it was run with.
    expect(logged).not.toContain(secretUser.username);
    expect(logged).not.toContain(secretUser.email);
    expect(logged).not.toContain(passwordHash);
    expect(logged).not.toContain(passwordHash.split('$').at(-1)!);
    expect(logged).not.toMatch(/params:/);
    expect(logged).not.toMatch(/Key \(/);
  });

  it('replaces tokens in request URLs with [redacted]', async () => {
    const token = 'c2VjcmV0LXRva2VuLXZhbHVl.1234567890.AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcd';
    const urls = [
      `/api/documents/file/${token}`,
      `/api/documents/upload/${token}`,
      `/api/quote-approvals/${token}`,
      `/api/auth/set-password/${token}`,
      `/quote-approval/${token}`,
      `/set-password?token=${token}`,
      `/api/health?signature=${token}&x=1`,
      `/api/auth/reset-password/${token}`,
      `/verify-email?token=${token}&next=/`,
      `/api/some/future-link/${token}/open`,
    ];
    for (const url of urls) await t.app.inject({ method: 'GET', url });
    const logged = t.raw.join('\n');
    expect(logged).not.toContain(token);
    const seen = t
      .lines()
      .filter((l) => l.msg === 'incoming request')
      .map((l) => (l.req as { url: string }).url);
    expect(seen).toEqual(
      expect.arrayContaining([
        '/api/documents/file/[redacted]',
        '/api/documents/upload/[redacted]',
        '/api/quote-approvals/[redacted]',
        '/api/auth/set-password/[redacted]',
        '/quote-approval/[redacted]',
        '/set-password?token=[redacted]',
        '/api/health?signature=[redacted]&x=1',
        '/api/auth/reset-password/[redacted]',
        '/verify-email?token=[redacted]&next=/',
        '/api/some/future-link/[redacted]/open',
      ]),
    );
  });

  it('keeps e-mail addresses out of logged URLs: path, query, bare parameter, fragment', async () => {
    const urls = [
      '/api/technicians/alice.logged@example.com',
      '/api/technicians/alice.logged%40example.com/reviews',
      '/api/admin/users?search=alice.logged%2540example.com&page=1',
      '/api/admin/users?alice.logged@example.com',
      '/technicians?page=2#alice.logged@example.com',
    ];
    for (const url of urls) await t.app.inject({ method: 'GET', url });
    const logged = t.raw.join('\n');
    expect(logged).not.toContain('alice.logged');
    const seen = t
      .lines()
      .filter((l) => l.msg === 'incoming request')
      .map((l) => (l.req as { url: string }).url);
    expect(seen).toEqual(
      expect.arrayContaining([
        '/api/technicians/[redacted]',
        '/api/technicians/[redacted]/reviews',
        '/api/admin/users?search=[redacted]&page=1',
        '/api/admin/users?[redacted]',
      ]),
    );
    expect(redactUrl('/technicians?page=2#alice@example.com')).toBe(
      '/technicians?page=2#[redacted]',
    );
    // A route template is no token.
    expect(redactUrl('/api/quote-approvals/:token')).toBe('/api/quote-approvals/:token');
  });

  it('redacts passwords, hashes and tokens wherever they are logged', () => {
    t.app.log.info(
      { password: 'pw-1', user: { passwordHash: 'hash-2', token: 'tok-3' } },
      'something',
    );
    const logged = t.raw.join('\n');
    for (const secret of ['pw-1', 'hash-2', 'tok-3']) expect(logged).not.toContain(secret);
    for (const plain of [
      '/api/plans?limit=2',
      '/api/technicians/12/reviews',
      '/assets/index-Bq3k9aZ.js',
    ])
      expect(redactUrl(plain)).toBe(plain);
    expect(redactUrl('/api/x?resetToken=abc&page=2')).toBe('/api/x?resetToken=[redacted]&page=2');
    // A service request's signed link (page, API and stream).
    expect(redactUrl('/requests/WR-000123?t=abcDEF123_-x')).toBe(
      '/requests/WR-000123?t=[redacted]',
    );
    expect(redactUrl('/api/service-requests/WR-000123/stream?lastEventId=3&t=abc')).toBe(
      '/api/service-requests/WR-000123/stream?lastEventId=3&t=[redacted]',
    );
    // Ordinary filters stay readable.
    for (const plain of [
      '/api/technicians?serviceType=Brake%20Service&zip=20740&page=2',
      '/technicians?location=Hyattsville%2C%20MD&maxDistance=25',
    ])
      expect(redactUrl(plain)).toBe(plain);
    // A token-like value under any name, an e-mail address, an API key.
    expect(redactUrl('/api/x?ref=AbCdEf0123456789GhIjKl&page=2')).toBe(
      '/api/x?ref=[redacted]&page=2',
    );
    expect(redactUrl('/api/admin/users?search=alice%40example.com&page=1')).toBe(
      '/api/admin/users?search=[redacted]&page=1',
    );
    expect(redactUrl('/x?api_key=k1&client_secret=s2&X-Amz-Credential=c3')).toBe(
      '/x?api_key=[redacted]&client_secret=[redacted]&X-Amz-Credential=[redacted]',
    );
  });

  it("logs a payment account's OAuth callback without its code and state", async () => {
    const code = 'sq0cgp-oauthCodeValue';
    const state = 'st4te';
    await t.app.inject({
      method: 'GET',
      url: `/api/payments/callback/square?code=${code}&state=${state}&response_type=code`,
    });
    await t.app.inject({
      method: 'GET',
      url: `/api/payments/callback/paypal?merchantId=tech-1&merchantIdInPayPal=M1&permissionsGranted=true&authCode=${code}&sharedId=sh4red`,
    });
    const logged = t.raw.join('\n');
    expect(logged).toContain('/api/payments/callback/square?code=[redacted]&state=[redacted]');
    for (const secret of [code, state, 'sh4red']) expect(logged).not.toContain(secret);
  });
});

describe('TRUST_PROXY', () => {
  /** The client address the app saw, from its request log. */
  async function ipSeen(
    t: Awaited<ReturnType<typeof buildLoggedApp>>,
    remoteAddress: string,
    forwardedFor?: string,
  ) {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });
    const id = res.headers['x-request-id'];
    const line = t.lines().find((l) => l.reqId === id && l.msg === 'incoming request');
    return (line!.req as { remoteAddress: string }).remoteAddress;
  }

  it('ignores X-Forwarded-For by default', async () => {
    const t = await buildLoggedApp();
    try {
      expect(await ipSeen(t, '198.51.100.7', '203.0.113.9')).toBe('198.51.100.7');
    } finally {
      await t.close();
    }
  });

  it('with a hop count, a spoofed chain only moves the address by that many hops', async () => {
    const t = await buildLoggedApp({ trustProxy: 1 });
    try {
      // The client claims 1.1.1.1; our one proxy (127.0.0.1) appends the real peer 203.0.113.9.
      expect(await ipSeen(t, '127.0.0.1', '1.1.1.1, 203.0.113.9')).toBe('203.0.113.9');
      expect(await ipSeen(t, '127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
    } finally {
      await t.close();
    }
  });

  it('with a list, only the listed proxies are trusted', async () => {
    const t = await buildLoggedApp({ trustProxy: ['127.0.0.1', '10.0.0.0/8'] });
    try {
      // Through two trusted proxies: the first untrusted address is the client.
      expect(await ipSeen(t, '127.0.0.1', '1.1.1.1, 203.0.113.9, 10.1.2.3')).toBe('203.0.113.9');
      // A client talking to us directly cannot choose its address.
      expect(await ipSeen(t, '198.51.100.7', '10.1.2.3')).toBe('198.51.100.7');
    } finally {
      await t.close();
    }
  });
});

describe('API_DOCS', () => {
  it('serves the /api/docs UI only when enabled; the document (/api/docs/json) always', async () => {
    const off = await buildTestApp({ config: { apiDocs: false } });
    try {
      for (const url of ['/api/docs', '/api/docs/yaml', '/api/docs/static/index.html']) {
        const res = await off.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
      }
      const doc = await off.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(doc.statusCode).toBe(200);
      expect(doc.json().paths).toHaveProperty('/api/health');
      expect(off.app.swagger().paths).toHaveProperty('/api/health');
    } finally {
      await off.close();
    }
    const on = await buildTestApp({ config: { apiDocs: true } });
    try {
      const res = await on.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      expect(res.json().paths).toHaveProperty('/api/health');
    } finally {
      await on.close();
    }
  });
});

describe('SMTP errors', () => {
  it('never shows a client the SMTP server refusal: the request succeeds, the worker logs why', async () => {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(_address, _session, cb) {
        cb(new Error('Mailbox unavailable at relay.internal.example as smtp-user'));
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as AddressInfo).port;
    const t = await buildLoggedApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: {
          name: 'Sam Smith',
          email: 'sam@example.com',
          subject: 'Question about plans',
          message: 'How do I change my plan?',
        },
      });
      // The message is in the outbox; sending it is the worker's business, not the request's.
      expect(res.statusCode).toBe(201);
      expect(res.body).not.toMatch(/Mailbox unavailable|relay\.internal|smtp-user|550|554/);
      expect(await t.app.outbox.drain()).toBe(1);
      // The operator still sees why.
      expect(t.raw.join('\n')).toContain('Mailbox unavailable at relay.internal.example');
    } finally {
      await t.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
