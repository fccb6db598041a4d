import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, JOURNEY_CHROMIUM } from './tests/e2e/browser';

// The config is evaluated in the runner and again in each worker; workers inherit the
// runner's environment, so the port and data directory are chosen once, here.
process.env.E2E_PORT ??= String(20000 + Math.floor(Math.random() * 20000));
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'wrenchly-e2e-'));
process.env.E2E_DATABASE_NAME ??= `wrenchly_e2e_${process.env.E2E_PORT}`;

const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './tests/e2e',
  // CI runs groups side by side: each writes (and at its start empties) a folder of its own, or one
  // group's start deletes the traces another is writing.
  outputDir: process.env.E2E_GROUP ? `test-results/group-${process.env.E2E_GROUP}` : 'test-results',
  fullyParallel: false,
  workers: 1,
  // A journey that fails once is a bug to fix, on CI too: a retry would hide a flake.
  retries: 0,
  // CI runs groups of journeys side by side on two cores: a long journey (two devices,
  // a dozen pages) needs more than 30 s there. On a CI machine under its full load (three groups
  // and the PGlite suite) every step has been seen to take three times as long as alone, so
  // there a wait gives up later; what never appears still fails.
  timeout: process.env.CI_REPORT_DIR ? 120_000 : 60_000,
  expect: { timeout: process.env.CI_REPORT_DIR ? 15_000 : 7_000 },
  reporter: process.env.CI_REPORT_DIR
    ? [
        ['list'],
        // .ci/run runs the journeys in two groups side by side, each reporting to its own file.
        [
          'json',
          {
            outputFile: `${process.env.CI_REPORT_DIR}/playwright${process.env.E2E_GROUP ? `-${process.env.E2E_GROUP}` : ''}.json`,
          },
        ],
      ]
    : [['list']],
  globalTeardown: './tests/e2e/global-teardown.ts',
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      DEMO_MODE: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      // The journeys create more service requests and accounts from one address than people would.
      SERVICE_REQUESTS_PER_HOUR: '500',
      REGISTRATIONS_PER_HOUR: '500',
      // The footer shows social links only when configured (unset: none, as the API tests hold).
      SOCIAL_LINKS: 'Instagram=https://www.instagram.com/wrenchly',
    },
  },
  use: {
    baseURL,
    trace: 'off',
    // A fresh context's service worker precaches the whole app (~130 files): about 2 s of CPU per
    // context, which journeys about anything but the installed app do not need. The specs of the
    // app shell, offline use and push allow it (test.use; push runs in the full browser).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: JOURNEY_CHROMIUM,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
});
