import pg from 'pg';

/**
 * Drops a journeys' PostgreSQL database (created by scripts/e2e-server.mjs when
 * E2E_DATABASE_URL is set), once its server has stopped. Nothing to do on PGlite.
 */
export async function dropJourneyDatabase(name: string | undefined) {
  const url = process.env.E2E_DATABASE_URL;
  if (!url || !name) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}
