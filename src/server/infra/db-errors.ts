/** True for PostgreSQL's unique_violation (23505), as node-postgres or PGlite report it. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e;) {
    if (e.code === '23505') return !constraint || e.constraint === constraint;
    e = e.cause as typeof e;
  }
  return false;
}

/** True for PostgreSQL's exclusion_violation (23P01): a row overlapping one the constraint keeps. */
export function isExclusionViolation(err: unknown, constraint?: string): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e;) {
    if (e.code === '23P01') return !constraint || e.constraint === constraint;
    e = e.cause as typeof e;
  }
  return false;
}

/** Socket errors of a database that is down, restarting or unreachable. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
]);
/**
 * SQLSTATEs of a server that is going away or not taking connections: the connection exception
 * class (08), admin_shutdown / crash_shutdown / cannot_connect_now (57P01-03), too_many_connections.
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;
/** node-postgres and its pool say these in words, with no code. */
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/**
 * True when the error (or one it wraps, as Drizzle's query errors do) says the database could
 * not be reached or dropped the connection: the request may well succeed in a few seconds, so
 * it is answered 503 with Retry-After, not 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined; e;) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code)) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
    if (e.cause === e) break;
    e = e.cause as typeof e;
  }
  return false;
}
