import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startErrorReports, type ErrorReports } from '../infra/error-reports';

declare module 'fastify' {
  interface FastifyInstance {
    /** Unexpected errors reported to Sentry (SENTRY_DSN); does nothing without a DSN. */
    errorReports: ErrorReports;
  }
}

/** Error reports (SENTRY_DSN): the error handler reports what becomes a 500 through them. */
export const errorReportsPlugin = fp(async (app: FastifyInstance) => {
  const reports = await startErrorReports(app.config.errorReports);
  app.decorate('errorReports', reports);
  // What was reported last is sent before the process ends.
  app.addHook('onClose', async () => reports.close());
});
