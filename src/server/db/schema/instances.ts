import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate limit counters shared by every app instance (ADR 022): one fixed window per key
 * ('signin:account:id:42', 'route:POST /api/contact:203.0.113.9'). Counted with one atomic upsert
 * that returns the new count; rows whose window ended are pruned. Not used when REDIS_URL is set.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text().primaryKey(),
    count: integer().notNull(),
    /** When the window ends (by the app's clock, which tests move). */
    resetAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

/**
 * Background jobs that must run once per interval across instances (ADR 022): an instance runs
 * one only after taking its lease (free, lapsed, or already its own) with one conditional
 * update, by the database's clock. A holder that dies mid-run leaves the lease to lapse.
 */
export const jobLeases = pgTable('job_leases', {
  /** 'dispatch-sweep', 'subscription-renewals', ... */
  name: text().primaryKey(),
  /** The instance running it now (host:pid:random), or null. */
  holder: text(),
  leaseUntil: timestamp({ withTimezone: true }),
  /** When the current (or last) run started. */
  startedAt: timestamp({ withTimezone: true }),
  /** When the last run that finished had started: the interval counts from here. */
  lastRunAt: timestamp({ withTimezone: true }),
  lastFinishedAt: timestamp({ withTimezone: true }),
  /** The instance that ran the last finished run. */
  lastHolder: text(),
  /** The last run's error, or null when it succeeded. */
  lastError: text(),
  /** Runs that finished (or failed), for operators and tests. */
  runs: integer().notNull().default(0),
});
