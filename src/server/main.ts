import { ConfigError, loadConfig } from './config';
import { startTelemetry } from './infra/telemetry';

// The server's entry. Tracing, when configured, starts before anything it instruments (node:http,
// fastify, pg, ioredis) is loaded: the server is imported only afterwards, and the build keeps it
// a chunk of its own so that its packages are not imported ahead of this code (build-server.ts).
try {
  await startTelemetry(loadConfig().telemetry);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
const { main } = await import('./server');
await main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
