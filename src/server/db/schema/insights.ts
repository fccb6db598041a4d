import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id } from './_helpers';

/**
 * What completed, paid jobs of one service type cost in one area over the last 12 months
 * (ADR 015): quartiles of the job's paid total and of one labor line's charge, in cents.
 * Rebuilt by the worker (src/server/domain/fair-price.ts); a read is one lookup by the unique key.
 * Groups with fewer jobs than the threshold are kept with their count and no figures.
 */
export const fairPrices = pgTable(
  'fair_prices',
  {
    id: id(),
    serviceType: text().notNull(),
    /** The first three digits of the ZIP code nearest the job ('207'). */
    area: text().notNull(),
    /** Completed jobs with paid invoices counted. */
    jobs: integer().notNull(),
    /** First quartile, median and third quartile (the interquartile range is low–high). */
    totalLowCents: integer(),
    totalMedianCents: integer(),
    totalHighCents: integer(),
    /** Labor lines of those jobs' paid invoices, and how many jobs had one. */
    laborLines: integer().notNull(),
    laborJobs: integer().notNull(),
    laborLowCents: integer(),
    laborMedianCents: integer(),
    laborHighCents: integer(),
    /** The 12 months counted: paid at or after this, before refreshedAt. */
    windowStart: timestamp({ withTimezone: true }).notNull(),
    refreshedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('fair_prices_type_area_uq').on(t.serviceType, t.area),
    check('fair_prices_jobs_ck', sql`${t.jobs} > 0`),
  ],
);
