import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { projectRoot } from '../../src/server/infra/paths';
import { openTestDatabase } from '../helpers/build-test-app';
import { reachableRedisUrl, uniqueRedisPrefix } from '../helpers/redis';

/**
 * Traces: a server process started as main.ts starts it, exporting OTLP (JSON) to a stand-in
 * collector here, which decodes what it receives. Query spans come from the pg instrumentation
 * on PostgreSQL (TEST_DATABASE_URL), from our own PGlite one otherwise; a local Redis, when one
 * answers, adds the rate limits' Redis commands.
 */

type Attr = { key: string; value: Record<string, unknown> };
type Span = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Attr[];
  events?: { name: string; attributes?: Attr[] }[];
  status?: { message?: string };
};
type Export = {
  resourceSpans: {
    resource: { attributes: Attr[] };
    scopeSpans: { scope: { name: string }; spans: Span[] }[];
  }[];
};

const attr = (s: Span, key: string) => {
  const v = s.attributes.find((a) => a.key === key)?.value;
  return v ? Object.values(v)[0] : undefined;
};

const received: { path: string; contentType?: string; body: Export }[] = [];
const collector = http.createServer((req, res) => {
  let text = '';
  req.on('data', (c: Buffer) => (text += c.toString()));
  req.on('end', () => {
    received.push({
      path: req.url ?? '',
      contentType: req.headers['content-type'],
      body: JSON.parse(text) as Export,
    });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});

let child: ChildProcess;
let port = 0;
const output: string[] = [];
let dropDatabase = async () => {};

function get(url: string, headers: Record<string, string> = {}) {
  return send('GET', url, headers);
}

function send(method: string, url: string, headers: Record<string, string> = {}, body?: unknown) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const req = http.request(
      {
        method,
        host: '127.0.0.1',
        port,
        path: url,
        agent: false,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** The spans received so far, once `until` holds (the exporter sends in batches). */
async function spans(until: (all: Span[]) => boolean): Promise<Span[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const all = received.flatMap((r) =>
      r.body.resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((ss) => ss.spans)),
    );
    if (until(all) || Date.now() > deadline) return all;
    await new Promise((r) => setTimeout(r, 100)); // polling interval
  }
}

let redisUrl: string | null = null;

beforeAll(async () => {
  redisUrl = await reachableRedisUrl();
  await new Promise<void>((r) => collector.listen(0, '127.0.0.1', r));
  const collectorPort = (collector.address() as AddressInfo).port;
  const db = await openTestDatabase();
  // The child opens the database itself; this process only made it (PostgreSQL) or not.
  if (db.url) dropDatabase = db.drop;
  else await db.database.close();
  child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/traced-server.ts'], {
    cwd: projectRoot(),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      DEMO_MODE: 'true',
      DATA_DIR: '/tmp/wrenchly-test',
      LOG_LEVEL: 'info',
      ...(db.url ? { DATABASE_URL: db.url } : { PGLITE_TEMPLATE: inject('pgliteTemplatePath') }),
      ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_PREFIX: uniqueRedisPrefix() } : {}),
      // The client's address from X-Forwarded-For, as behind the compose file's Caddy.
      TRUST_PROXY: '1',
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collectorPort}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      // Batches every 200 ms instead of 5 s.
      OTEL_BSP_SCHEDULE_DELAY: '200',
      OTEL_SERVICE_NAME: 'wrenchly-test',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  port = await new Promise<number>((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (d: Buffer) => {
      text += d.toString();
      output.push(d.toString());
      const m = /\{"port":(\d+)\}/.exec(text);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${output.join('')}`)));
  });
  // A process of its own: loading the server's code takes a while on a busy machine.
}, 180_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  await dropDatabase();
  await new Promise((r) => collector.close(r));
});

describe('traces (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  it('exports a server span with the route and status, whose trace id is the x-request-id', async () => {
    const res = await get('/api/plans');
    expect(res.status).toBe(200);
    const requestId = res.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f]{32}$/);

    const all = await spans((s) =>
      s.some((x) => x.traceId === requestId && x.kind === 2 && attr(x, 'http.route')),
    );
    const server = all.find((s) => s.traceId === requestId && s.kind === 2); // SERVER
    expect(server, output.join('')).toBeDefined();
    expect(server!.name).toBe('GET /api/plans');
    expect(attr(server!, 'http.route')).toBe('/api/plans');
    expect(Number(attr(server!, 'http.response.status_code'))).toBe(200);
    // Fastify's handler span, under the server span.
    const handler = all.find((s) => s.traceId === requestId && /^request handler/.test(s.name));
    expect(handler?.parentSpanId).toBeDefined();
    expect(received[0]!.path).toBe('/v1/traces');
    expect(received[0]!.contentType).toMatch(/json/);
    const resource = received[0]!.body.resourceSpans[0]!.resource.attributes;
    expect(resource.find((a) => a.key === 'service.name')?.value).toEqual({
      stringValue: 'wrenchly-test',
    });
    // The plans query, in the same trace, on PostgreSQL (pg) and PGlite alike: a CLIENT span
    // under one of the request's spans, with the SQL and nothing else.
    const isQuery = (x: Span) => x.traceId === requestId && x.kind === 3 && /select/i.test(x.name);
    const traced = await spans((s) => s.some(isQuery));
    const query = traced.find(isQuery);
    expect(query, output.join('')).toBeDefined();
    expect(query!.name).toMatch(
      process.env.TEST_DATABASE_URL ? /^pg\.query:SELECT/ : /^pglite\.query:SELECT$/,
    );
    expect(String(attr(query!, 'db.query.text'))).toMatch(/^select .*"plans"/i);
    expect(traced.some((x) => x.spanId === query!.parentSpanId)).toBe(true);
  });

  // On PostgreSQL the pg instrumentation makes them (the first test).
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    "sends a span per PGlite query with the query's SQL and placeholders, never its values",
    async () => {
      const username = 'nobody-by-this-name';
      const res = await send('POST', '/api/auth/signin', {}, { username, password: 'Wr0ng-pass' });
      expect(res.status).toBe(401);
      const requestId = res.headers['x-request-id'] as string;
      const isQuery = (x: Span) => x.traceId === requestId && x.name.startsWith('pglite.query:');
      const queries = (await spans((s) => s.some(isQuery))).filter(isQuery);
      expect(queries.length, output.join('')).toBeGreaterThan(0);
      for (const q of queries) {
        expect(q.kind).toBe(3); // CLIENT
        expect(attr(q, 'db.system.name')).toBe('postgresql');
        expect(q.name).toBe(`pglite.query:${String(attr(q, 'db.operation.name'))}`);
      }
      const sqls = queries.map((q) => String(attr(q, 'db.query.text')));
      // The account lookup by name: a placeholder where the name was.
      expect(
        sqls.some((sql) => /"users".*\$1/is.test(sql)),
        sqls.join('\n'),
      ).toBe(true);
      expect(JSON.stringify(queries)).not.toContain(username);
    },
  );

  it('names every span by what it is: no span per Fastify hook', async () => {
    const res = await get('/api/plans');
    const requestId = res.headers['x-request-id'] as string;
    const trace = (
      await spans((s) => s.some((x) => x.traceId === requestId && x.kind === 2))
    ).filter((x) => x.traceId === requestId);
    const names = trace.map((x) => x.name);
    expect(
      names.filter((n) => /^middleware\b/.test(n)),
      names.join('\n'),
    ).toEqual([]);
    expect(trace.filter((x) => attr(x, 'fastify.type') === 'middleware')).toEqual([]);
    expect(names).toContain('GET /api/plans');
    expect(names).toContain('request handler /api/plans');
    // Every span but the server span hangs under another span of the trace.
    for (const x of trace.filter((s) => s.kind !== 2))
      expect(
        trace.some((p) => p.spanId === x.parentSpanId),
        x.name,
      ).toBe(true);

    // The not-found handler: named as such, not after the chain of plugins it sits under.
    const missing = await get('/api/no-such-route');
    expect(missing.status).toBe(404);
    const missingId = missing.headers['x-request-id'] as string;
    const isHandler = (x: Span) => x.traceId === missingId && x.kind === 1;
    const handler = (await spans((s) => s.some(isHandler))).find(isHandler);
    expect(handler?.name).toBe('request handler (no route)');
    expect(JSON.stringify(handler)).not.toContain(' -> ');
  });

  it('exports no token, e-mail address or IP address in any span', async () => {
    const token = 'Tk9fQ2xpZW50X1Rva2VuXzEyMzQ1Njc4OTA';
    const email = 'alice.private@example.com';
    const ip = '203.0.113.77';
    const asClient = { 'x-forwarded-for': ip, 'user-agent': 'test-agent' };
    const sent = await Promise.all([
      // A guest's request link, a quote approval, a document link, a set-password link.
      get(`/requests/WR-000123?t=${token}`, asClient),
      get(`/api/service-requests/WR-000123?t=${token}`, asClient),
      get(`/api/quote-approvals/${token}`, asClient),
      get(`/api/documents/file/${token}`, asClient),
      // An admin's search, and an address in the path.
      get(`/api/admin/users?search=${encodeURIComponent(email)}&page=1`, asClient),
      get(`/api/admin/users?search=${email}`, asClient),
      get(`/api/technicians/${email}`, asClient),
      // Sign-in and reset limits, counted by IP address and e-mail address (Redis when set).
      send('POST', '/api/auth/signin', asClient, { username: email, password: 'Wr0ng-pass' }),
      send('POST', '/api/auth/forgot-password', asClient, { email }),
    ]);
    const ids = new Set(sent.map((r) => r.headers['x-request-id'] as string));
    const isRedis = (x: Span) => ids.has(x.traceId) && attr(x, 'db.system.name') === 'redis';
    const all = await spans(
      (s) =>
        [...ids].every((id) => s.some((x) => x.traceId === id && x.kind === 2)) &&
        (!redisUrl || s.some(isRedis)),
    );
    const mine = all.filter((x) => ids.has(x.traceId));
    expect(mine.length, output.join('')).toBeGreaterThan(ids.size);
    if (redisUrl) expect(mine.filter(isRedis).length).toBeGreaterThan(0);

    const exported = JSON.stringify(all);
    for (const secret of [token, email, encodeURIComponent(email), ip, 'alice.private'])
      expect(exported).not.toContain(secret);
    // No address at all: neither the client's nor the loopback's (IPv4, IPv6, mapped).
    expect(exported).not.toMatch(/(?<![\w.])\d{1,3}(?:\.\d{1,3}){3}(?![\w])/);
    expect(exported).not.toMatch(/::1\b|::ffff:/);
    // ... and the URLs are still there, tokens redacted.
    const values = (key: string) =>
      mine
        .map((x) => attr(x, key))
        .filter(Boolean)
        .map(String);
    expect(values('url.query')).toEqual(expect.arrayContaining(['t=[redacted]']));
    expect(values('url.query')).toEqual(
      expect.arrayContaining(['search=[redacted]&page=1', 'search=[redacted]']),
    );
    expect(values('url.path')).toEqual(
      expect.arrayContaining([
        '/api/quote-approvals/[redacted]',
        '/api/documents/file/[redacted]',
        '/api/technicians/[redacted]',
      ]),
    );
    if (redisUrl)
      for (const statement of mine.filter(isRedis).map((x) => String(attr(x, 'db.query.text'))))
        expect(statement).toMatch(/^\w+ \[\d+ arguments\]$/);
  });

  it('writes the trace and span ids into the log lines of the request', async () => {
    const res = await get('/api/plans');
    const requestId = res.headers['x-request-id'] as string;
    await spans((s) => s.some((x) => x.traceId === requestId));
    const lines = output
      .join('')
      .split('\n')
      .filter((l) => l.includes(requestId))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(line.reqId).toBe(requestId);
      expect(line.trace_id).toBe(requestId);
      expect(line.span_id).toMatch(/^[0-9a-f]{16}$/);
    }
  });

  it('gives a traced request its trace id even when the client sent a request id', async () => {
    const res = await get('/api/plans', { 'x-request-id': 'chosen-by-the-client' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
  });

  it("continues the caller's trace (W3C traceparent)", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await get('/api/plans', {
      traceparent: `00-${traceId}-00f067aa0ba902b7-01`,
    });
    expect(res.headers['x-request-id']).toBe(traceId);
    const all = await spans((s) => s.some((x) => x.traceId === traceId && x.kind === 2));
    expect(all.find((x) => x.traceId === traceId && x.kind === 2)?.parentSpanId).toBe(
      '00f067aa0ba902b7',
    );
  });
});
