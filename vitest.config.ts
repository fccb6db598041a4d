import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { buildRelease } from './scripts/release';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

const shared = {
  define: { __WRENCHLY_RELEASE__: JSON.stringify(buildRelease()) },
  resolve: {
    alias: {
      '@shared': r('./src/shared'),
      '@server': r('./src/server'),
      '@client': r('./src/client'),
    },
  },
};

export default defineConfig({
  ...shared,
  // Where vitest keeps the last run's file durations, by which it starts the longest files first
  // (the suite then ends with its workers finishing together, not with one long file alone). CI
  // keeps it across checkouts (VITEST_CACHE_DIR); the order changes, never what runs.
  cacheDir: process.env.VITEST_CACHE_DIR || undefined,
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    environment: 'node',
    // A CI machine may be slower than a laptop, and CI runs the suites beside the journeys on two
    // cores (a PGlite file that takes 20 s alone took over a minute there): three minutes a test.
    testTimeout: process.env.CI ? 180_000 : 30_000,
    hookTimeout: process.env.CI ? 180_000 : 60_000,
    pool: 'forks',
    // Test files share their worker's loaded modules instead of importing the whole app again
    // each (import time 166 s -> 11 s a run). Each file still gets its own fresh database and
    // app; no test mocks modules or changes the environment, which this would leak.
    isolate: false,
    maxWorkers: 2,
    // Two projects: the server's suites (and the client's pure modules) in Node, and the
    // client's hooks and components in happy-dom (`*.dom.test.tsx`), each file on its own, since a
    // DOM left behind by one component test must not reach the next.
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          exclude: ['tests/e2e/**', 'node_modules/**', '**/*.dom.test.tsx'],
          // The two projects run one after the other (they may have different worker counts:
          // CI's --maxWorkers reaches only the project that extends this config).
          sequence: { groupOrder: 0 },
        },
      },
      {
        // Not `extends`: its include and setup would be added to this one's, not replace them.
        define: shared.define,
        resolve: shared.resolve,
        test: {
          name: 'dom',
          sequence: { groupOrder: 1 },
          include: ['src/client/**/*.dom.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['src/client/testing/setup-dom.ts'],
          isolate: true,
        },
      },
    ],
    reporters: process.env.CI_REPORT_DIR ? ['default', 'json'] : ['default'],
    outputFile: process.env.CI_REPORT_DIR
      ? {
          json: `${process.env.CI_REPORT_DIR}/vitest-${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'}.json`,
        }
      : undefined,
  },
});
