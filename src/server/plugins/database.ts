import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { openDatabase, type Database } from '../infra/database';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    db: Db;
  }
}

/**
 * PostgreSQL at DATABASE_URL, else the embedded PGlite under DATA_DIR (ADR 002), migrated on
 * open. A database handed in (tests) is used as it is and left open on close.
 */
export const databasePlugin = fp(async (app: FastifyInstance, opts: { database?: Database }) => {
  const { config } = app;
  const database =
    opts.database ??
    (await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
        : { kind: 'pglite', dataDir: config.pgliteDataDir },
    ));
  if (!opts.database) await database.migrate();
  app.decorate('database', database);
  app.decorate('db', database.db);
  // onClose hooks run last-registered first: everything registered later closes before this.
  if (!opts.database) app.addHook('onClose', async () => database.close());
});
