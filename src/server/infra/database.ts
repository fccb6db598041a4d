import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { migrationsDir } from './paths';
import { instrumentPglite } from './telemetry';

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The raw PGlite instance, when embedded (LISTEN/NOTIFY in-process, dumps in tests). */
  pglite?: PGlite;
  /** The node-postgres pool, when on PostgreSQL. */
  pool?: pg.Pool;
};

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** How long a request waits for a connection; DB_CONNECT_TIMEOUT_MS unless said. */
      connectTimeoutMs?: number;
    }
  | { kind: 'pglite'; dataDir: string; loadDataDir?: Blob };

/** How long a request waits for a database connection before it is answered 503. */
export const DB_CONNECT_TIMEOUT_MS = 5_000;

// Serialise migrations across app instances sharing one PostgreSQL database.
const MIGRATION_LOCK = 7_270_451;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      idleTimeoutMillis: 30_000,
      // While PostgreSQL is down or restarting, waiting for a connection (a new one, or a free
      // one of the pool) gives up after this instead of holding the request: it fails fast with
      // 503 and Retry-After (error-handler) and the load balancer's retry finds it back.
      connectionTimeoutMillis: options.connectTimeoutMs ?? DB_CONNECT_TIMEOUT_MS,
    });
    // A broken idle connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    // Nor a connection the server drops while it is checked out (pg_ctl restart, a failover)
    // between two queries: node-postgres emits 'error' on it and, with no listener, the process
    // dies. Its next query fails instead, and the pool discards it on release.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      pool,
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg({ client, casing: 'snake_case' }), {
            migrationsFolder: migrationsDir(),
          });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }

  if (options.dataDir !== 'memory://') mkdirSync(options.dataDir, { recursive: true });
  const pglite = new PGlite({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
  });
  await pglite.waitReady;
  await instrumentPglite(pglite);
  const db = drizzlePglite({ client: pglite, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite,
    async migrate() {
      await migratePglite(drizzlePglite({ client: pglite, casing: 'snake_case' }), {
        migrationsFolder: migrationsDir(),
      });
    },
    close: () => pglite.close(),
  };
}
