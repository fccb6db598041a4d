import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './infra/database';
import { seedDemoData } from './seed/seed';
import { clientDistDir } from './infra/paths';
import { shutDown } from './infra/shutdown';
import { stopTelemetry } from './infra/telemetry';

/** Opens the database, builds the app and serves it until SIGTERM or SIGINT. */
export async function main() {
  let config;
  try {
    config = { ...loadConfig(), clientDir: clientDistDir() };
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize }
      : { kind: 'pglite', dataDir: config.pgliteDataDir },
  );
  await database.migrate();
  if (config.demoMode) await seedDemoData(database.db);

  const app = await buildApp(config, { database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // In-flight requests get the grace period; job runs and the rest get 10 s more.
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownGraceMs + 10_000);
    timer.unref();
    try {
      await shutDown(app, config.shutdownGraceMs);
      await database.close();
      // The last requests' spans are still buffered.
      await stopTelemetry();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const db = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite (${config.pgliteDataDir})`;
  app.log.info(
    `Wrenchly is serving http://localhost:${config.port} on ${db}${config.demoMode ? ', demo mode on' : ''}`,
  );
}
