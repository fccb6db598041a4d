import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { AppConfig } from '../config';
import { LOG_REDACT_PATHS, LOG_SERIALIZERS } from './log-redaction';

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
            ...(logStream ? { stream: logStream } : {}),
          },
    genReqId: (req) => {
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
