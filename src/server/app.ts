import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { ConfigError, DEMO_SESSION_SECRET, type AppConfig } from './config';
import type { Database } from './infra/database';
import { serverOptions } from './infra/server-options';
import { accessPlugin } from './plugins/access';
import { compressionPlugin } from './plugins/compression';
import { configPlugin } from './plugins/config';
import { databasePlugin } from './plugins/database';
import { docsPlugin } from './plugins/docs';
import { errorHandlerPlugin } from './plugins/error-handler';
import { errorReportsPlugin } from './plugins/error-reports';
import { inputGuardPlugin } from './plugins/input-guard';
import { limitsPlugin } from './plugins/limits';
import { metricsPlugin } from './plugins/metrics';
import { originCheckPlugin } from './plugins/origin-check';
import { outboxPlugin, type OutboxOptions } from './plugins/outbox';
import { realtimePlugin } from './plugins/realtime';
import { securityHeadersPlugin } from './plugins/security-headers';
import { servicesPlugin, type ServicesOptions } from './plugins/services';
import { staticClientPlugin } from './plugins/static-client';
import { storagePlugin } from './plugins/storage';
import { tasksPlugin } from './plugins/tasks';
import { routes } from './routes';

export type { Lifecycle } from './plugins/config';

export type AppDeps = OutboxOptions &
  ServicesOptions & {
    /** An opened, migrated database; otherwise one is opened from the config. */
    database?: Database;
    /** Periodic sweeps (notification expiry, reminders); tests run them by hand. */
    backgroundJobs?: boolean;
    clock?: () => Date;
    /** Where the log goes instead of stdout (tests read it). */
    logStream?: DestinationStream;
  };

/**
 * Builds the whole app without listening. The composition root: plugins (each declares the
 * decorators it adds), then every feature's routes, then the client; nothing else.
 */
export async function buildApp(config: AppConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  // However the configuration was made: outside the demo, never the published secret.
  if (!config.demoMode && (!config.sessionSecret || config.sessionSecret === DEMO_SESSION_SECRET))
    throw new ConfigError(['SESSION_SECRET: required unless DEMO_MODE is on']);
  const app = Fastify(serverOptions(config, deps.logStream)).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Order matters where a plugin uses an earlier one's decorators; onClose runs in reverse.
  await app.register(configPlugin, { config, clock: deps.clock });
  await app.register(databasePlugin, { database: deps.database });
  await app.register(outboxPlugin, {
    mailTransport: deps.mailTransport,
    transports: deps.transports,
  });
  await app.register(errorReportsPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(inputGuardPlugin);
  await app.register(compressionPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(limitsPlugin);
  await app.register(metricsPlugin);
  await app.register(originCheckPlugin);
  await app.register(accessPlugin);
  await app.register(docsPlugin);
  await app.register(realtimePlugin);
  await app.register(storagePlugin);
  await app.register(servicesPlugin, { dispatcher: deps.dispatcher, payments: deps.payments });
  await app.register(tasksPlugin, { run: deps.backgroundJobs !== false });

  await app.register(routes);
  await app.register(staticClientPlugin, { clientDir: config.clientDir });
  return app;
}
