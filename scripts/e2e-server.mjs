// The journeys' server (playwright.config.ts). With E2E_DATABASE_URL (CI: the PostgreSQL the API
// suite uses), it runs on PostgreSQL, in a database of its own created here and dropped by the
// journeys' global teardown; otherwise on the embedded PGlite under DATA_DIR, as `npm start`.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';

const url = process.env.E2E_DATABASE_URL;
if (url) {
  const name = process.env.E2E_DATABASE_NAME;
  if (!name || !/^[a-z0-9_]+$/.test(name)) throw new Error('E2E_DATABASE_NAME must be set');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  process.env.DATABASE_URL = u.toString();
}
await import(pathToFileURL(path.resolve('dist/server/main.js')).href);
