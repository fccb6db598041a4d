// A server process started the way main.ts starts one (tracing first, the server's modules
// after), on the tests' migrated database: PostgreSQL at DATABASE_URL, else PGlite from the
// template dump at PGLITE_TEMPLATE (a fresh data directory would take a minute to migrate).
// It prints {"port": n} once listening; SIGTERM closes it and flushes the spans.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/server/config';
import { startTelemetry, stopTelemetry } from '../../src/server/infra/telemetry';

const config = loadConfig();
await startTelemetry(config.telemetry);
const { buildApp } = await import('../../src/server/app');
const { openDatabase } = await import('../../src/server/infra/database');
const database = config.databaseUrl
  ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: 3 })
  : await openDatabase({
      kind: 'pglite',
      dataDir: 'memory://',
      loadDataDir: new Blob([readFileSync(process.env.PGLITE_TEMPLATE!)]),
    });
const app = await buildApp(config, { database });
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ port: (app.server.address() as AddressInfo).port }));
process.on('SIGTERM', () => {
  void (async () => {
    await app.close();
    await database.close();
    await stopTelemetry();
    process.exit(0);
  })();
});
