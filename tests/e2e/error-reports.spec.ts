import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventsOf, startSentryStandIn } from '../helpers/sentry-stand-in';
import { dropJourneyDatabase } from './database';
import { expect, test } from './fixtures';

/**
 * Error reports from the browser (SENTRY_DSN): a server of its own, told the DSN of a Sentry
 * stand-in here (the journeys' shared server has none, so no other journey loads the SDK).
 * The page learns the DSN from the server at run time; what it throws reaches the stand-in
 * with the build's release, and the e-mail address in the message does not.
 */

let standIn: Awaited<ReturnType<typeof startSentryStandIn>>;
let server: ChildProcess;
let baseURL = '';
let dataDir = '';
let databaseName = '';
const output: string[] = [];

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

test.beforeAll(async () => {
  // A fresh embedded database is migrated and seeded first: a minute or more on a busy machine.
  test.setTimeout(240_000);
  standIn = await startSentryStandIn();
  dataDir = mkdtempSync(path.join(tmpdir(), 'wrenchly-e2e-reports-'));
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  databaseName = `wrenchly_e2e_reports_${port}`;
  // On PostgreSQL too when the journeys' server is (E2E_DATABASE_URL), in a database of its own.
  server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_MODE: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      SENTRY_DSN: standIn.dsn,
      ...(process.env.E2E_DATABASE_URL
        ? { E2E_DATABASE_URL: process.env.E2E_DATABASE_URL, E2E_DATABASE_NAME: databaseName }
        : {}),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  server.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  const deadline = Date.now() + 220_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited:\n${output.join('')}`);
    const ok = await fetch(`${baseURL}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output.join('')}`);
    await new Promise((r) => setTimeout(r, 500)); // polling interval
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  await standIn?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await dropJourneyDatabase(databaseName);
});

test('an uncaught error and an unhandled rejection in the browser reach the error reports', async ({
  page,
}) => {
  await page.goto(`${baseURL}/`);
  // The SDK loads beside the app once the page has found the DSN the server wrote into it.
  await expect(page.locator('meta[name="wrenchly-error-reports"]')).toHaveAttribute(
    'content',
    standIn.dsn,
  );
  await page.waitForFunction(() => '__SENTRY__' in window);

  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('boom from a timer for jane.doe@example.com');
    });
  });
  await page.evaluate(() => {
    void Promise.reject(new Error('a promise nobody waited for'));
  });

  const envelopes = await standIn.waitFor((e) => eventsOf(e).length >= 2, 20_000);
  const events = eventsOf(envelopes);
  const messages = events.map((e) => e.exception?.values?.at(-1)?.value);
  expect(messages).toContain('boom from a timer for [redacted]');
  expect(messages).toContain('a promise nobody waited for');
  // The release the build wrote into the code: the package's version and the commit.
  const release = readFileSync('dist/server/release.txt', 'utf8').trim();
  expect(release).toMatch(/^wrenchly@\d+\.\d+\.\d+(\+[0-9a-f]{12})?$/);
  for (const event of events) expect(event.release).toBe(release);
  expect(envelopes.every((e) => e.project === '42')).toBe(true);
  expect(envelopes.map((e) => e.raw).join('\n')).not.toContain('jane.doe@example.com');
});

test('without SENTRY_DSN the page loads no error-report code', async ({ page }) => {
  // The journeys' shared server has no DSN.
  await page.goto('/');
  await expect(page.locator('meta[name="wrenchly-error-reports"]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => '__SENTRY__' in window)).toBe(false);
});
