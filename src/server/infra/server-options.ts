import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { AppConfig } from '../config';
import { LOG_REDACT_PATHS, LOG_SERIALIZERS } from './log-redaction';
import { activeTraceIds } from './telemetry';

/** Fastify's own options: the log, request ids, the proxies we trust, the body limit. */
export function serverOptions(
  config: AppConfig,
  logStream?: DestinationStream,
): FastifyServerOptions {
  return {
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            // No passwords, hashes or tokens; no query parameters in errors; no tokens in URLs.
            redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' },
            serializers: LOG_SERIALIZERS,
            // Each line names the trace it was written in (when tracing is on).
            mixin: () => {
              const ids = activeTraceIds();
              return ids ? { trace_id: ids.traceId, span_id: ids.spanId } : {};
            },
            ...(logStream ? { stream: logStream } : {}),
          },
    // Traced, a request's id is its trace id: the id a user quotes finds the trace. Otherwise the
    // id a proxy in front gave it, or a new one.
    genReqId: (req) => {
      const traced = activeTraceIds();
      if (traced) return traced.traceId;
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // A hop count trusts that many proxies in front of us (the socket peer is hop 0).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Opening and migrating the database is a plugin: on a busy host or a large migration it may
    // take longer than Fastify's default 10 s, which would abort the start.
    pluginTimeout: 120_000,
  };
}
