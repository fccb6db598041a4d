/** True for PostgreSQL's unique_violation (23505), as node-postgres or PGlite report it. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e;) {
    if (e.code === '23505') return !constraint || e.constraint === constraint;
    e = e.cause as typeof e;
  }
  return false;
}
