import { createServer as httpServer, request as httpRequest } from 'node:http';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/server/infra/database';
import { invoicePayments } from '../../src/server/db/schema';
import { PAYMENT_UNCONFIRMED } from '../../src/server/features/pos/payments/pos.card';
import { DATABASE_UNAVAILABLE } from '../../src/server/plugins/error-handler';
import {
  buildTestApp,
  openTestDatabase,
  testConfig,
  type TestApp,
} from '../helpers/build-test-app';
import { connectPaymentAccount, createUser } from '../helpers/factories';
import { proTechnician } from '../helpers/pos';
import { SQUARE_NONCES, startSquareStandIn } from '../helpers/square-stand-in';

/*
 * What the app does when a dependency fails (bench/faults.ts measures it under load): a
 * database that is down or restarting, a Redis that is gone, a payment provider that hangs.
 */

const frame = (type: string, body: Buffer) => {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
};

/**
 * Just enough of a PostgreSQL server for node-postgres to connect (trust authentication), and
 * then to drop every connection as `pg_ctl restart -m fast` does: FATAL 57P01, then close.
 */
async function fakePostgres(mode: 'answer' | 'silent') {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    if (mode === 'silent') return;
    socket.once('data', () => {
      // AuthenticationOk, then ReadyForQuery (idle).
      socket.write(frame('R', Buffer.from([0, 0, 0, 0])));
      socket.write(frame('Z', Buffer.from('I')));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    /** Every connection gets FATAL 57P01 (administrator command) and is closed. */
    terminateAll() {
      const fields = Buffer.from(
        'SFATAL\0VFATAL\0C57P01\0Mterminating connection due to administrator command\0\0',
        'latin1',
      );
      for (const s of sockets) s.end(frame('E', fields));
    },
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

describe('a database that is down or restarting', () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let restarting: Awaited<ReturnType<typeof fakePostgres>>;
  let silent: Awaited<ReturnType<typeof fakePostgres>>;
  let restartingDb: Database;
  let silentDb: Database;
  const held: pg.PoolClient[] = [];
  const uncaught: unknown[] = [];
  const onUncaught = (err: unknown) => uncaught.push(err);

  beforeAll(async () => {
    restarting = await fakePostgres('answer');
    silent = await fakePostgres('silent');
    restartingDb = await openDatabase({ kind: 'postgres', url: restarting.url, poolSize: 2 });
    silentDb = await openDatabase({ kind: 'postgres', url: silent.url, poolSize: 2 });
    const test = await openTestDatabase();
    drop = test.drop;
    app = await buildApp(testConfig(), { database: test.database, backgroundJobs: false });
    // Routes on the broken databases, answered by the app's one error handler.
    app.get('/test/hold', async () => {
      held.push(await restartingDb.pool!.connect());
      return { held: held.length };
    });
    app.get('/test/restarting', async () => restartingDb.db.execute(sql`select 1`));
    app.get('/test/silent', async () => silentDb.db.execute(sql`select 1`));
    await app.ready();
    process.prependListener('uncaughtException', onUncaught);
  });
  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    for (const c of held) c.release(true);
    await app.close();
    await drop();
    await Promise.all([restartingDb.close(), silentDb.close()].map((p) => p.catch(() => {})));
    await Promise.all([restarting.close(), silent.close()]);
  });

  it('survives the server dropping a connection the app has checked out', async () => {
    const res = await app.inject({ method: 'GET', url: '/test/hold' });
    expect(res.statusCode).toBe(200);
    restarting.terminateAll();
    await new Promise((r) => setTimeout(r, 200));
    // Without a listener node-postgres' 'error' event would have ended the process.
    expect(uncaught).toEqual([]);
  });

  it('answers 503 with Retry-After while the server refuses connections', async () => {
    await restarting.close();
    const t0 = Date.now();
    const res = await app.inject({ method: 'GET', url: '/test/restarting' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ message: DATABASE_UNAVAILABLE });
    expect(Date.now() - t0).toBeLessThan(2_000);
  });

  it('gives up on a server that accepts but never answers within seconds, with 503', async () => {
    const t0 = Date.now();
    const res = await app.inject({ method: 'GET', url: '/test/silent' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(Date.now() - t0).toBeLessThan(8_000);
  }, 20_000);
});

describe('Redis down', () => {
  let t: TestApp;
  let closedPort: number;

  beforeAll(async () => {
    // A port nothing listens on: Redis is down from the start and stays down.
    const s = createServer();
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    closedPort = (s.address() as AddressInfo).port;
    await new Promise((r) => s.close(r));
    t = await buildTestApp({ config: { redisUrl: `redis://127.0.0.1:${closedPort}` } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('still limits sign-ins (counted in PostgreSQL meanwhile), never 500, never held', async () => {
    const user = await createUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const t0 = Date.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { username: user.username, password: 'not-the-password' },
      });
      statuses.push(res.statusCode);
      expect(Date.now() - t0).toBeLessThan(2_000);
    }
    // 5 wrong passwords a minute per account from an unknown device, then refused.
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill(401));
    expect(statuses.slice(5)).toEqual(Array(16).fill(429));
  });
});

describe('a payment provider that takes the charge and never answers', () => {
  let t: TestApp;
  let square: Awaited<ReturnType<typeof startSquareStandIn>>;
  let proxy: ReturnType<typeof httpServer>;
  const held: Socket[] = [];

  beforeAll(async () => {
    square = await startSquareStandIn();
    // Forwards every call to the stand-in (so the charge is made) and keeps Square's answer.
    proxy = httpServer((req, res) => {
      const up = httpRequest(
        new URL(req.url!, square.baseUrl),
        { method: req.method, headers: req.headers },
        (answer) => {
          answer.resume();
          answer.on('end', () => held.push(res.socket!));
        },
      );
      req.pipe(up);
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    t = await buildTestApp({
      config: {
        cardProvider: 'square',
        square: {
          accessToken: square.token,
          applicationId: 'sandbox-sq0idb-app',
          locationId: 'LOC1',
          environment: 'sandbox',
          baseUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
        },
      },
    });
  });
  afterAll(async () => {
    for (const s of held) s.destroy();
    await new Promise((r) => proxy.close(r));
    await t.close();
    await square.close();
  });

  it('answers 503 within the call timeout and leaves the payment processing for the reconciler', async () => {
    const pro = await proTechnician(t.app);
    await connectPaymentAccount(t.app, pro.technicianId);
    const t0 = Date.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/square/create-payment',
      headers: { cookie: pro.cookie },
      payload: { amount: 80, sourceId: SQUARE_NONCES.ok, idempotencyKey: 'faults-hang-1' },
    });
    expect(Date.now() - t0).toBeLessThan(12_000);
    // Not 'declined' (402): Square took the money; a second card would be charged twice.
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({ message: PAYMENT_UNCONFIRMED });
    const rows = () =>
      t.app.db
        .select()
        .from(invoicePayments)
        .where(eq(invoicePayments.technicianId, pro.technicianId));
    expect((await rows()).map((r) => r.status)).toEqual(['processing']);

    // Square answers again; the sweep finds the charge by its reference and settles it.
    for (const s of held.splice(0)) s.destroy();
    proxy.removeAllListeners('request');
    proxy.on('request', (req, res) => {
      const up = httpRequest(
        new URL(req.url!, square.baseUrl),
        { method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(up);
    });
    t.clock.advance(31_000);
    await t.app.reconcilePayments();
    expect((await rows()).map((r) => r.status)).toEqual(['succeeded']);
  }, 30_000);
});
