import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { projectRoot } from '../../src/server/infra/paths';
import { openTestDatabase } from '../helpers/build-test-app';

/**
 * Traces: a server process started as main.ts starts it, exporting OTLP (JSON) to a stand-in
 * collector here, which decodes what it receives. PostgreSQL (TEST_DATABASE_URL) adds the
 * query spans; on PGlite there is no pg client to trace.
 */

type Attr = { key: string; value: Record<string, unknown> };
type Span = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Attr[];
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
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, agent: false, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers }));
      })
      .on('error', reject);
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

beforeAll(async () => {
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
    if (process.env.TEST_DATABASE_URL) {
      // The plans query, in the same trace.
      const isQuery = (x: Span) =>
        x.traceId === requestId && x.kind === 3 && /select/i.test(x.name);
      const query = (await spans((s) => s.some(isQuery))).find(isQuery); // a CLIENT span
      expect(query, output.join('')).toBeDefined();
    }
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
