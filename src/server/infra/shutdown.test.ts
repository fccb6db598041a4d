import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { openTestDatabase, testConfig } from '../../../tests/helpers/build-test-app';
import { signedInTechnician } from '../../../tests/helpers/factories';
import { buildApp } from '../app';
import { jobLeases } from '../db/schema';
import { shutDown } from './shutdown';

// Work that takes time (a slow request, a long job run), in flight while the app shuts down:
// elapsed time is what these stand for, nothing waits on them.
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The real app listening on a free port, with a route that takes `?ms=` to answer;
 * `inFlight()` resolves once a request to it has reached the handler (a fixed wait is not
 * enough on a busy machine: the request could still be on its way when shutdown begins).
 */
async function listeningApp() {
  const { database, drop } = await openTestDatabase();
  const app = await buildApp(testConfig(), { database, backgroundJobs: false });
  let arrived!: () => void;
  const reached = new Promise<void>((r) => (arrived = r));
  app.get<{ Querystring: { ms: string } }>(
    '/api/test-only/slow',
    { config: { access: 'public' } },
    async (request) => {
      arrived();
      await sleep(Number(request.query.ms));
      return { done: true };
    },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, database, port, drop, inFlight: () => reached };
}

function get(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, headers, agent: false }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** An open event stream: `ready` once the server said so, `ended` with all it sent. */
function openStream(port: number, cookie: string) {
  let text = '';
  let onReady!: () => void;
  const ready = new Promise<void>((r) => (onReady = r));
  const ended = new Promise<string>((resolve, reject) => {
    http
      .get(
        {
          host: '127.0.0.1',
          port,
          path: '/api/job-notifications/stream',
          headers: { cookie, accept: 'text/event-stream' },
          agent: false,
        },
        (res) => {
          res.on('data', (c: Buffer) => {
            text += c.toString();
            if (text.includes('event: ready')) onReady();
          });
          res.on('end', () => resolve(text));
          res.on('error', reject);
        },
      )
      .on('error', reject);
  });
  return { ready, ended };
}

const leaseOf = async (app: FastifyInstance, name: string) =>
  (await app.db.select().from(jobLeases).where(eq(jobLeases.name, name)))[0];

describe('graceful shutdown (SIGTERM)', () => {
  it('sends event streams elsewhere, finishes requests in flight, refuses new ones, releases leases', async () => {
    const { app, port, drop, inFlight } = await listeningApp();
    const { cookie } = await signedInTechnician(app);
    const stream = openStream(port, cookie);
    await stream.ready;
    // A lease this instance holds without running anything, and a run in progress.
    await app.db.insert(jobLeases).values({
      name: 'test-held',
      holder: app.tasks.instanceId,
      leaseUntil: sql`now() + interval '1 hour'`,
    });
    const run = app.tasks.runExclusive('test-running', 1000, 10_000, () => sleep(300));
    const slow = get(port, '/api/test-only/slow?ms=400');
    await inFlight();

    const stopping = shutDown(app, 5_000);
    expect(app.lifecycle.shuttingDown).toBe(true);
    // The stream is told to come back in a moment (through the load balancer) and ended.
    const sent = await stream.ended;
    expect(sent).toMatch(/retry: \d+\nevent: reconnect\ndata: \{\}\n\n$/);
    const retry = Number(/retry: (\d+)\nevent: reconnect/.exec(sent)![1]);
    expect(retry).toBeGreaterThanOrEqual(500);
    expect(retry).toBeLessThan(2500);
    // The request in flight still gets its answer.
    expect(await slow).toEqual({ status: 200, body: JSON.stringify({ done: true }) });
    await stopping;
    // No new connection is accepted.
    await expect(get(port, '/api/health/live')).rejects.toThrow(/ECONNREFUSED/);
    // The run finished and recorded itself; the idle lease was released.
    expect(await run).toBe(true);
    expect(await leaseOf(app, 'test-running')).toMatchObject({ holder: null, runs: 1 });
    expect(await leaseOf(app, 'test-held')).toMatchObject({ holder: null, leaseUntil: null });
    await drop();
  });

  it('closes requests that outlive the grace period', async () => {
    const { app, port, drop, inFlight } = await listeningApp();
    const slow = get(port, '/api/test-only/slow?ms=10000');
    const outcome = slow.then(
      ({ status }) => `answered ${status}`,
      (err: Error) => err.message,
    );
    await inFlight();
    const started = Date.now();
    await shutDown(app, 300);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await outcome).toMatch(/socket hang up|ECONNRESET/);
    await drop();
  });
});
