import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase, testConfig } from '../../../tests/helpers/build-test-app';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../infra/database';

const TOKEN = 'metrics-token-for-tests-0123456789';

/**
 * A TCP relay in front of the test's PostgreSQL that can be cut (the database goes away: open
 * connections drop, new ones are refused) and restored on the same port.
 */
async function cuttableRelay(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server;
  let port = 0;
  const listen = async () => {
    server = createServer((client) => {
      const upstream = connect(Number(target.port || 5432), target.hostname);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('error', () => {});
        s.on('close', () => sockets.delete(s));
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  };
  await listen();
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    async cut() {
      await new Promise<void>((r) => {
        server.close(() => r());
        for (const s of sockets) s.destroy();
      });
    },
    restore: listen,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * GET /metrics while the database is away: 200 with the process figures, `wrenchly_database_up
 * 0`, and the database's figures from the last good read with their age. On PostgreSQL the
 * connection really goes (a relay is cut); on the embedded PGlite, which cannot go away, its
 * queries fail as a lost connection's would.
 */
describe('GET /metrics without the database', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let database: Database;
  let cleanup: () => Promise<void>;
  let takeAway: () => Promise<void>;
  let giveBack: () => Promise<void>;

  beforeAll(async () => {
    const test = await openTestDatabase();
    if (test.url) {
      const relay = await cuttableRelay(new URL(test.url));
      database = await openDatabase({
        kind: 'postgres',
        url: relay.url,
        poolSize: 4,
        connectTimeoutMs: 1_000,
      });
      takeAway = relay.cut;
      giveBack = relay.restore;
      cleanup = async () => {
        await database.close().catch(() => {});
        await relay.close().catch(() => {});
        await test.drop();
      };
    } else {
      database = test.database;
      const lost = () => {
        throw new Error('Connection terminated unexpectedly');
      };
      const spies: { mockRestore(): void }[] = [];
      takeAway = async () => {
        spies.push(vi.spyOn(database.db, 'select').mockImplementation(lost));
        spies.push(vi.spyOn(database.db, 'execute').mockImplementation(lost));
      };
      giveBack = async () => {
        for (const s of spies.splice(0)) s.mockRestore();
      };
      cleanup = test.drop;
    }
    app = await buildApp(testConfig({ metricsToken: TOKEN }), {
      database,
      backgroundJobs: false,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await cleanup?.();
  });

  const scrape = () =>
    app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  const sample = (body: string, series: string) => {
    const line = body.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  it('answers 200 with wrenchly_database_up 0 and the last figures read, with their age', async () => {
    const before = await scrape();
    expect(before.statusCode).toBe(200);
    expect(sample(before.body, 'wrenchly_database_up')).toBe(1);
    expect(sample(before.body, 'wrenchly_database_read_age_seconds')).toBeLessThan(1);
    const payments = before.body.split('\n').filter((l) => l.startsWith('payments{'));

    await takeAway();
    await new Promise((r) => setTimeout(r, 1100));
    const away = await scrape();
    expect(away.statusCode).toBe(200);
    expect(sample(away.body, 'wrenchly_database_up')).toBe(0);
    expect(sample(away.body, 'wrenchly_database_read_age_seconds')).toBeGreaterThanOrEqual(1);
    // The process figures, and the database's from the last good read.
    expect(sample(away.body, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(away.body.split('\n').filter((l) => l.startsWith('payments{'))).toEqual(payments);

    await giveBack();
    await vi.waitFor(
      async () => {
        const back = await scrape();
        expect(sample(back.body, 'wrenchly_database_up')).toBe(1);
        expect(sample(back.body, 'wrenchly_database_read_age_seconds')).toBeLessThan(1);
      },
      { timeout: 10_000, interval: 200 },
    );
  }, 30_000);
});
