// `npm run openapi:dump [-- <file>]`: writes the OpenAPI document (what /api/docs/json serves)
// to <file> (default dist/openapi.json), without a server or a database of your own: the app is
// built on a throwaway PGlite directory. `npm run openapi:lint` then lints it with Redocly.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';

const out = path.resolve(process.argv[2] ?? 'dist/openapi.json');
const dataDir = mkdtempSync(path.join(tmpdir(), 'wrenchly-openapi-'));
try {
  const app = await buildApp(
    loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: '' }),
    { backgroundJobs: false },
  );
  await app.ready();
  const doc = app.swagger();
  await app.close();
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(doc, null, 2)}\n`);
  console.log(`OpenAPI document written to ${path.relative(process.cwd(), out) || out}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
