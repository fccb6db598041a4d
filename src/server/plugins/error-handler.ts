import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError } from '../infra/app-error';
import { isDatabaseUnavailable, isExclusionViolation } from '../infra/db-errors';

type Issue = { path: string; message: string };

function zodIssues(err: ZodError): Issue[] {
  return err.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

export const DATABASE_UNAVAILABLE =
  'The service is briefly unavailable. Please try again in a few seconds.';
export const BOOKING_OVERLAP =
  'That time overlaps a booking made meanwhile. Please choose another.';
/** A restart or failover of PostgreSQL takes seconds. */
const DB_RETRY_AFTER_SECONDS = 5;

/** One error handler: validation -> 400 with issues, AppError -> its status, the rest hidden. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: Issue[] = error.validation.map((v) => ({
        path: (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'Invalid value',
      }));
      return reply.status(400).send({ message: issues[0]?.message ?? 'Invalid request', issues });
    }
    if (error instanceof ZodError) {
      const issues = zodIssues(error);
      return reply.status(400).send({ message: issues[0]?.message ?? 'Invalid request', issues });
    }
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      if (error.retryAfterSeconds !== undefined)
        reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
      return reply
        .status(error.statusCode)
        .send(
          error.issues
            ? { message: error.message, issues: error.issues }
            : { message: error.message },
        );
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type, rate limit).
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'Request body is not valid JSON'
          : error.message;
      return reply.status(status).send({ message });
    }
    if (isExclusionViolation(error)) {
      // A booking that overlaps one committed meanwhile (the services say it in their words when
      // they see it first): the other one won, nothing was written.
      return reply.status(409).send({ message: BOOKING_OVERLAP });
    }
    if (isDatabaseUnavailable(error)) {
      // The database is restarting or unreachable: nothing is wrong with the request, and it
      // will likely succeed in a few seconds.
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DB_RETRY_AFTER_SECONDS))
        .send({ message: DATABASE_UNAVAILABLE });
    }
    request.log.error({ err: error }, 'Unhandled error');
    // Only what becomes a 500 is reported: a 4xx is the client's, and an AppError's 5xx (a
    // provider down, shutting down) is an answer the app chose, not a fault to look into.
    app.errorReports?.capture(error, request);
    return reply.status(500).send({ message: 'Internal server error' });
  });
});
