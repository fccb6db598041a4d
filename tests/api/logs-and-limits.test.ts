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
  it('serves /api/docs only when enabled; the document is still built for app.swagger()', async () => {
    const off = await buildTestApp({ config: { apiDocs: false } });
    try {
      for (const url of [
        '/api/docs',
        '/api/docs/json',
        '/api/docs/yaml',
        '/api/docs/static/index.html',
      ]) {
        const res = await off.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
      }
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
