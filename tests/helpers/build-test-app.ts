import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../../src/server/app';
import { loadConfig, type AppConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/infra/database';
import { withDatabase } from './global-setup';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  /** Moves the app's clock (starts at real time). */
  clock: { now: Date; set(d: Date): void; advance(ms: number): void };
  close(): Promise<void>;
};

/**
 * A fresh database for one test file: PGlite loaded from the migrated template, or, when
 * TEST_DATABASE_URL is set, a PostgreSQL database cloned from the migrated template database.
 */
export async function openTestDatabase(): Promise<{
  database: Database;
  /** On PostgreSQL: the fresh database's URL (for server processes of its own). */
  url?: string;
  drop(): Promise<void>;
}> {
  const url = process.env.TEST_DATABASE_URL;
  const templateDb = inject('pgTemplateDb');
  if (url && templateDb) {
    const name = `wrenchly_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${templateDb}`);
    // A test database is thrown away after its file: a commit need not wait for the disk (what
    // is tested is what other sessions see, which this does not change). About 15% faster.
    await admin.query(`alter database ${name} set synchronous_commit = off`);
    await admin.end();
    const database = await openDatabase({
      kind: 'postgres',
      url: withDatabase(url, name),
      poolSize: 12,
      // A test sending 200 requests at once queues them for 12 connections; on a CI machine
      // running four test files beside the checks a queued one can wait longer than the 5 s
      // production gives before it sheds the request with 503 (the fault tests check that, on
      // pools of their own).
      connectTimeoutMs: 30_000,
    });
    return {
      database,
      url: withDatabase(url, name),
      async drop() {
        await database.close();
        const a = new pg.Client({ connectionString: url });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
      },
    };
  }
  const dump = readFileSync(inject('pgliteTemplatePath'));
  const database = await openDatabase({
    kind: 'pglite',
    dataDir: 'memory://',
    loadDataDir: new Blob([dump]),
  });
  return { database, drop: () => database.close() };
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DEMO_MODE: 'true',
      DATA_DIR: '/tmp/wrenchly-test',
      // Tests that turn demo mode off still start: outside the demo a secret is required.
      SESSION_SECRET: 'test-only-session-secret-0123456789abcdef',
    }),
    ...overrides,
  };
}

export async function buildTestApp(
  options: {
    config?: Partial<AppConfig>;
    deps?: Omit<AppDeps, 'database' | 'clock' | 'backgroundJobs'>;
  } = {},
): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  let offset = 0;
  const clock = {
    get now() {
      return new Date(Date.now() + offset);
    },
    set(d: Date) {
      offset = d.getTime() - Date.now();
    },
    advance(ms: number) {
      offset += ms;
    },
  };
  const app = await buildApp(testConfig(options.config), {
    ...options.deps,
    database,
    backgroundJobs: false,
    clock: () => clock.now,
  });
  await app.ready();
  return {
    app,
    database,
    clock,
    async close() {
      await app.close();
      await drop();
    },
  };
}
