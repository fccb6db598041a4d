import type { FastifyRequest } from 'fastify';
import pino from 'pino';
import { REDACTED, redactUrl, scrubSql, SECRET_FIELDS } from '@shared/redaction';

export { REDACTED, redactUrl };

export const LOG_REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((f) => `*.${f}`),
];

/**
 * Error properties that hold the values a query was run with: drizzle's `params`, PostgreSQL's
 * `detail` ("Key (email)=(a@b.c) already exists.") and the like.
 */
const DROPPED_ERROR_KEYS = new Set([
  'params',
  'parameters',
  'values',
  'detail',
  'internalQuery',
  ...SECRET_FIELDS,
]);

/** A drizzle "Failed query: ...\nparams: ..." message, without the params. */
function scrubMessage(message: string): string {
  const at = message.search(/\n\s*params:/);
  const head = at >= 0 ? message.slice(0, at) : message;
  return head.startsWith('Failed query:') ? scrubSql(head) : head;
}

type ErrorLike = Error & Record<string, unknown>;

/** A copy of the error (and its causes) without query parameters, values or secrets. */
export function scrubError(err: unknown, depth = 0): unknown {
  if (!err || typeof err !== 'object' || typeof (err as Error).message !== 'string') return err;
  const source = err as ErrorLike;
  const copy = Object.create(Object.getPrototypeOf(source) as object) as ErrorLike;
  const message = scrubMessage(source.message);
  Object.defineProperty(copy, 'message', { value: message, enumerable: false, writable: true });
  if (typeof source.stack === 'string') {
    const stack = source.stack.includes(source.message)
      ? source.stack.replace(source.message, () => message)
      : source.stack.replace(/\n\s*params:[^\n]*/g, '');
    Object.defineProperty(copy, 'stack', { value: stack, enumerable: false, writable: true });
  }
  for (const key of Object.keys(source)) {
    if (DROPPED_ERROR_KEYS.has(key) || key === 'cause') continue;
    const value = source[key];
    copy[key] =
      key === 'query' && typeof value === 'string'
        ? scrubSql(value)
        : value && typeof value === 'object' && depth < 5
          ? scrubError(value, depth + 1)
          : value;
  }
  if (source.cause !== undefined && depth < 5)
    Object.defineProperty(copy, 'cause', {
      value: scrubError(source.cause, depth + 1),
      enumerable: false,
      writable: true,
    });
  return copy;
}

/** Fastify's request summary, with tokens taken out of the URL. */
function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  };
}

/** What the database said, from the first error in the cause chain that carries a code. */
const DB_ERROR_FIELDS = ['code', 'constraint', 'table', 'column', 'severity'] as const;

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

function serializeError(err: unknown): SerializedError {
  const out = pino.stdSerializers.err(scrubError(err) as Error) as unknown as SerializedError;
  if (!out || typeof out !== 'object') return out;
  for (
    let e = (err as { cause?: unknown } | undefined)?.cause, depth = 0;
    e && depth < 5;
    depth++
  ) {
    const db = e as Record<string, unknown>;
    if (typeof db.code === 'string') {
      for (const field of DB_ERROR_FIELDS)
        if (out[field] === undefined && db[field] !== undefined) out[field] = db[field];
      break;
    }
    e = db.cause;
  }
  return out;
}

/** Serializers for the app's logger: requests without tokens, errors without query values. */
export const LOG_SERIALIZERS = {
  req: serializeRequest,
  err: serializeError,
  error: serializeError,
};
