import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCATIONS } from '../../src/shared/constants/locations';
import { composeServiceDescription } from '../../src/shared/schemas/service-requests';
import { buildApp } from '../../src/server/app';
import { jobLeases, jobNotifications } from '../../src/server/db/schema';
import { projectRoot } from '../../src/server/infra/paths';
import { openTestDatabase, testConfig } from '../helpers/build-test-app';
import { createTechnician, createUser, TEST_PASSWORD } from '../helpers/factories';

/**
 * Two real server processes (`node --import tsx src/server/main.ts`) on two ports against one
 * fresh PostgreSQL database (ADR 022). Runs on the CI's PostgreSQL leg (TEST_DATABASE_URL).
 * Background jobs run 20 times as often (JOB_INTERVAL_SCALE=0.05): the dispatch sweep every
 * 0.5 s with a 1 s lease, hourly jobs every 3 minutes.
 */
const SCALE = 0.05;
const SWEEP_MS = 10_000 * SCALE;
const SWEEP_LEASE_MS = 20_000 * SCALE;

type Instance = {
  name: string;
  port: number;
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
};

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

function startInstance(name: string, port: number, databaseUrl: string, dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: projectRoot(),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '5',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_MODE: 'false',
      SESSION_SECRET: 'two-instances-test-secret-0123456789abcdef',
      LOG_LEVEL: 'warn',
      JOB_INTERVAL_SCALE: String(SCALE),
      SHUTDOWN_GRACE_SECONDS: '2',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (d: Buffer) => {
    output.push(d.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { name, port, child, output, exited } satisfies Instance;
}

type Answer = { status: number; body: string; headers: http.IncomingHttpHeaders };

function request(
  at: Instance,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port: at.port,
        method,
        path: url,
        agent: false,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body: text, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function waitUntilReady(at: Instance, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  let exited = false;
  void at.exited.then(() => (exited = true));
  while (Date.now() < until && !exited) {
    const res = await request(at, 'GET', '/api/health/ready').catch(() => null);
    if (res?.status === 200) return;
    await new Promise((r) => setTimeout(r, 100)); // polling interval
  }
  throw new Error(`instance ${at.name} did not become ready:\n${at.output.join('')}`);
}

async function signInAt(at: Instance, username: string, password: string) {
  return request(at, 'POST', '/api/auth/signin', { username, password });
}

const cookieOf = (res: Answer) =>
  [res.headers['set-cookie'] ?? []]
    .flat()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith('wrenchly_session='))!;

/** A technician's event stream on one instance: the events it received, with arrival times. */
function openStream(at: Instance, cookie: string) {
  const events: { type: string; data: Record<string, unknown>; at: number }[] = [];
  let onReady!: () => void;
  const ready = new Promise<void>((r) => (onReady = r));
  let buffer = '';
  const req = http.get(
    {
      host: '127.0.0.1',
      port: at.port,
      path: '/api/job-notifications/stream',
      agent: false,
      headers: { cookie, accept: 'text/event-stream' },
    },
    (res) => {
      res.on('data', (c: Buffer) => {
        buffer += c.toString();
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const type = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (type === 'ready') onReady();
          else if (type && data) events.push({ type, data: JSON.parse(data), at: Date.now() });
        }
      });
    },
  );
  req.on('error', () => {});
  return { events, ready, close: () => req.destroy() };
}

const lease = async (app: FastifyInstance, name: string) =>
  (await app.db.select().from(jobLeases).where(eq(jobLeases.name, name)))[0];

async function waitFor<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes on one database', () => {
  let drop: () => Promise<void>;
  let databaseUrl: string;
  /** In-process, without background jobs: for the fixtures and for reading the database. */
  let helper: FastifyInstance;
  let a: Instance;
  let b: Instance;
  let dataDir: string;
  const where = LOCATIONS[0];
  let technician: { id: number; username: string; firstName: string };
  let requestId: number;

  beforeAll(async () => {
    const opened = await openTestDatabase();
    drop = opened.drop;
    databaseUrl = opened.url!;
    helper = await buildApp(testConfig(), { database: opened.database, backgroundJobs: false });
    await helper.ready();
    const made = await createTechnician(helper, {
      location: where,
      specialties: ['Brake Service'],
      plan: 'Premium',
      firstName: `Twin${process.pid}`,
    });
    technician = {
      id: made.technician.id,
      username: made.user.username!,
      firstName: made.user.firstName,
    };
    dataDir = mkdtempSync(path.join(tmpdir(), 'wrenchly-two-'));
    const [portA, portB] = [await freePort(), await freePort()];
    a = startInstance('A', portA, databaseUrl, path.join(dataDir, 'a'));
    b = startInstance('B', portB, databaseUrl, path.join(dataDir, 'b'));
    // Each process compiles the server as it loads (tsx): beside the rest of CI on two cores
    // that took more than 45 s.
    await Promise.all([waitUntilReady(a, 120_000), waitUntilReady(b, 120_000)]);
  }, 150_000);

  afterAll(async () => {
    for (const i of [a, b]) {
      if (i && i.child.exitCode === null && i.child.signalCode === null) {
        i.child.kill('SIGTERM');
        const timer = setTimeout(() => i.child.kill('SIGKILL'), 5_000);
        await i.exited;
        clearTimeout(timer);
      }
    }
    await helper?.close();
    await drop?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('a technician streaming from B gets a job created through A within a second', async () => {
    const signedIn = await signInAt(b, technician.username, TEST_PASSWORD);
    expect(signedIn.status).toBe(200);
    const stream = openStream(b, cookieOf(signedIn));
    await stream.ready;
    const sent = Date.now();
    const created = await request(a, 'POST', '/api/service-requests', {
      serviceType: 'Brake Service',
      description: composeServiceDescription({
        problem: 'Grinding noise from the front wheels when braking.',
        vehicle: '2018 Honda Civic',
        mileage: '',
      }),
      urgency: 'high',
      location: where.name,
      preferredDate: null,
      customerName: 'Jordan Lee',
      customerEmail: `jordan.${process.pid}@example.com`,
    });
    expect(created.status).toBe(201);
    requestId = JSON.parse(created.body).id;
    expect(JSON.parse(created.body).notifiedTechnicians).toBe(1);
    const event = await waitFor('the job on B', 1_000, async () =>
      stream.events.find(
        (e) => e.type === 'notification.created' && e.data.serviceRequestId === requestId,
      ),
    );
    expect(event.at - sent).toBeLessThan(1_000);
    stream.close();
  });

  it("a technician's update through A shows in search on B at once", async () => {
    const cookie = cookieOf(await signInAt(a, technician.username, TEST_PASSWORD));
    const search = async () =>
      JSON.parse(
        (
          await request(
            b,
            'GET',
            `/api/technicians?name=${encodeURIComponent(technician.firstName)}`,
          )
        ).body,
      ) as { id: number; hourlyRate: string }[];
    expect((await search()).find((t) => t.id === technician.id)).toBeDefined();
    const patched = await request(
      a,
      'PATCH',
      '/api/technicians/me',
      { hourlyRate: 123 },
      { cookie },
    );
    expect(patched.status).toBe(200);
    const found = (await search()).find((t) => t.id === technician.id)!;
    expect(Number(found.hourlyRate)).toBe(123);
  });

  it('counts sign-in failures for a username across both instances', async () => {
    const u = await createUser(helper);
    // Five a minute per account from unknown devices (domain/sign-in-throttle).
    for (let i = 0; i < 5; i++)
      expect((await signInAt(i % 2 ? b : a, u.username!, 'wrong-password')).status).toBe(401);
    expect((await signInAt(a, u.username!, TEST_PASSWORD)).status).toBe(429);
    expect((await signInAt(b, u.username!, TEST_PASSWORD)).status).toBe(429);
  });

  it('runs each background job once per interval across both', async () => {
    // Both instances tried every job as they started; the hourly ones (3 minutes here) ran once.
    for (const name of ['verification-sweep', 'abandoned-upload-sweep', 'fair-price-refresh'])
      expect((await lease(helper, name))?.runs, name).toBe(1);
    const before = (await lease(helper, 'dispatch-sweep'))!;
    const started = Date.now();
    // A fixed window on purpose: what is checked is a rate (runs per elapsed time), and a
    // doubled rate shows only over several intervals.
    await new Promise((r) => setTimeout(r, 3_000));
    const after = (await lease(helper, 'dispatch-sweep'))!;
    const elapsed = Date.now() - started;
    const runs = after.runs - before.runs;
    // Every 0.5 s at most (both instances try every 50 ms), and it does run.
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(runs).toBeLessThanOrEqual(Math.floor(elapsed / SWEEP_MS) + 1);
  });

  it('leaves the sweep to B when A is killed in the middle of one', async () => {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      // Hold the sweep inside its first query, then make work for it: the job's notification
      // is past its deadline (expiring it is the sweep's work).
      await db.query('begin');
      await db.query('lock table service_requests in access exclusive mode');
      const lockedAt = (await db.query('select clock_timestamp() as t')).rows[0].t as Date;
      await helper.db
        .update(jobNotifications)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(jobNotifications.serviceRequestId, requestId));
      // Whichever instance takes the sweep now is stuck in it: call that one A.
      // A sweep that began just before the lock and is now waiting on it counts too (it is as
      // stuck as one begun after it).
      const held = await waitFor('a sweep to start', 5_000, async () => {
        const l = await lease(helper, 'dispatch-sweep');
        if (!l?.holder) return undefined;
        if (l.startedAt! > lockedAt) return l;
        const waiting = await db.query(
          "select 1 from pg_locks where not granted and relation = 'service_requests'::regclass",
        );
        return waiting.rowCount ? l : undefined;
      });
      const pid = Number(held.holder!.split(':')[1]);
      const [dying, survivor] = pid === a.child.pid ? [a, b] : [b, a];
      expect(dying.child.pid).toBe(pid);
      dying.child.kill('SIGKILL');
      await dying.exited;
      const killedAt = Date.now();
      await db.query('commit');

      // The dead holder's lease runs out (at most 1 s after its last renewal); then the
      // survivor takes the sweep and does the work.
      const done = await waitFor('the survivor to expire the notification', 10_000, async () => {
        const [n] = await helper.db
          .select({ status: jobNotifications.status })
          .from(jobNotifications)
          .where(eq(jobNotifications.serviceRequestId, requestId));
        return n?.status === 'expired' ? n : undefined;
      });
      expect(done.status).toBe('expired');
      // The dead process's backend may still finish its one statement once the lock is free
      // (PostgreSQL notices the closed socket later): then the work is done, once, and the
      // survivor still takes the sweep when the lease runs out.
      const after = await waitFor('the survivor to take the sweep', 10_000, async () => {
        const l = await lease(helper, 'dispatch-sweep');
        return l?.lastHolder?.includes(`:${survivor.child.pid}:`) ? l : undefined;
      });
      expect(after.lastHolder).toContain(`:${survivor.child.pid}:`);
      expect(after.startedAt!.getTime()).toBeGreaterThanOrEqual(held.leaseUntil!.getTime() - 1);
      expect(Date.now() - killedAt).toBeLessThan(SWEEP_LEASE_MS + 5_000);
      // The survivor still serves.
      expect((await request(survivor, 'GET', '/api/health/ready')).status).toBe(200);
    } finally {
      await db.query('rollback').catch(() => {});
      await db.end();
    }
  }, 30_000);
});
