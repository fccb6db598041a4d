import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { redactReport, redactUrl, REPORTS_COLLECT_NOTHING_PERSONAL } from '@shared/redaction';
import { RELEASE } from '@shared/release';
import { scrubError } from './log-redaction';
import { activeTraceIds } from './telemetry';

/**
 * The trace an event belongs to: the request's trace when tracing is on, else the request's id
 * (a UUID is the 32 hex digits of a trace id), else one of its own. Never the SDK's one
 * process-wide id, which would put every event in the same trace.
 */
export function traceIdOf(request?: FastifyRequest): string {
  const traced = activeTraceIds()?.traceId;
  if (traced) return traced;
  const fromId = request?.id.replace(/-/g, '').toLowerCase();
  return fromId && /^[0-9a-f]{32}$/.test(fromId) ? fromId : randomUUID().replace(/-/g, '');
}

/** Where unexpected errors go: Sentry, or GlitchTip and the like (a plain DSN). */
export type ErrorReports = {
  /**
   * Reports an unexpected error: a 500 with the request it broke, or a background task's failure
   * (`task`: its name).
   */
  capture(error: unknown, request?: FastifyRequest, context?: { task?: string }): void;
  /** Sends what is queued (shutdown, tests). */
  flush(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

const off: ErrorReports = {
  capture() {},
  flush: async () => {},
  close: async () => {},
};

/** The request as a report shows it: method, route and URL without tokens, no headers or body. */
function requestOf(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    headers: { 'user-agent': request.headers['user-agent'] ?? '' },
  };
}

/**
 * Error reports when a DSN is configured; otherwise nothing is loaded and `capture` does
 * nothing. Only what the app hands it is reported (no tracing, no automatic instrumentation:
 * traces are OpenTelemetry's, infra/telemetry.ts), plus crashes (uncaught exceptions).
 */
export async function startErrorReports(config: {
  dsn?: string;
  environment: string;
}): Promise<ErrorReports> {
  if (!config.dsn) return off;
  const Sentry = await import('@sentry/node');
  const client = Sentry.init({
    dsn: config.dsn,
    release: RELEASE,
    environment: config.environment,
    // No personal data collected by the SDK (Sentry 11's form of sendDefaultPii: false).
    dataCollection: { ...REPORTS_COLLECT_NOTHING_PERSONAL, httpBodies: [] },
    // OpenTelemetry is set up by infra/telemetry.ts (or not at all): Sentry installs no tracer
    // provider of its own and transforms no modules as they load.
    enableOpenTelemetrySetup: false,
    enableRuntimeChannelInjection: false,
    defaultIntegrations: false,
    integrations: [
      Sentry.linkedErrorsIntegration(),
      Sentry.onUncaughtExceptionIntegration(),
      Sentry.onUnhandledRejectionIntegration({ mode: 'warn' }),
    ],
    // The same rules as the logs: no secrets, cookies, authorization, e-mails or phone numbers.
    beforeSend: (event) => redactReport(event),
    beforeBreadcrumb: (crumb) => redactReport(crumb),
  });
  return {
    capture(error, request, context) {
      Sentry.withScope((scope) => {
        scope.setPropagationContext({ traceId: traceIdOf(request), sampleRand: Math.random() });
        if (context?.task) scope.setTag('task', context.task);
        if (request) {
          scope.setTag('request_id', request.id);
          scope.setTag('route', request.routeOptions.url ?? 'unknown');
          scope.addEventProcessor((event) => ({ ...event, request: requestOf(request) }));
          if (request.user) scope.setUser({ id: String(request.user.id) });
        }
        // The error as the log has it: without query parameters and values (log-redaction.ts).
        Sentry.captureException(scrubError(error));
      });
    },
    flush: async (timeoutMs = 2000) => {
      await client?.flush(timeoutMs);
    },
    close: async () => {
      await client?.close(2000);
    },
  };
}
