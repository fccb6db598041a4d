import { z } from 'zod';

/** Every error response: `{ message }`, plus field `issues` on a 400. */
export const errorResponseSchema = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });

/** The largest value of the database's integer (int4) columns: ids, cents, counters. */
export const MAX_INT4 = 2_147_483_647;

export const INVALID_ID_MESSAGE = 'Must be a valid id';
export const NUL_MESSAGE = 'Text must not contain NUL characters';

/** Whether a string holds a NUL character (PostgreSQL text cannot store one). */
export const hasNul = (v: string) => v.includes('\u0000');

/**
 * A database id: a whole number from 1 to 2147483647. Path and query strings are coerced
 * ('12' -> 12); anything else (0, -1, 1.5, 2147483648, 'abc') is a 400 with the message.
 */
export const dbId = (message = INVALID_ID_MESSAGE) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(MAX_INT4, message);

/** A database id in a JSON body: a number (no coercion) from 1 to 2147483647. */
export const dbIdNumber = (message = INVALID_ID_MESSAGE) =>
  z.number({ error: message }).int(message).min(1, message).max(MAX_INT4, message);

export const idParamSchema = z.object({ id: dbId() });

export const PAGE_MESSAGE = 'page must be a whole number from 1 to 100000';
/** A page number of a list (query or path), 1 when absent. */
export const pageNumber = () =>
  z.coerce
    .number({ error: PAGE_MESSAGE })
    .int(PAGE_MESSAGE)
    .min(1, PAGE_MESSAGE)
    .max(100_000, PAGE_MESSAGE)
    .default(1);

export const PAGE_SIZE_MESSAGE = 'pageSize must be a whole number from 1 to 100';
/** How many rows a page of a list holds (query), 1 to 100, `fallback` when absent. */
export const pageSizeNumber = (fallback: number) =>
  z.coerce
    .number({ error: PAGE_SIZE_MESSAGE })
    .int(PAGE_SIZE_MESSAGE)
    .min(1, PAGE_SIZE_MESSAGE)
    .max(100, PAGE_SIZE_MESSAGE)
    .default(fallback);

/** The one paging contract of a list's answer: the rows, the page, its size and the total. */
export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });

/** A string without NUL characters; chain .trim(), .min(), .max() as with z.string(). */
export const safeText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((v) => !hasNul(v), NUL_MESSAGE);

/** Whether 'YYYY-MM-DD' names a real day of the calendar (not 2027-02-30 or 2026-13-01). */
export const isRealDay = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

/**
 * A real day in the years 1900 to 2999, what every date field takes: PostgreSQL has no year 0,
 * and the day after 9999-12-31 is no JavaScript date.
 */
export const isCalendarDate = (v: string) => isRealDay(v) && v >= '1900-01-01' && v <= '2999-12-31';

/** A real calendar day as 'YYYY-MM-DD'. */
export const isoDate = (message = 'Must be a date (YYYY-MM-DD)') =>
  z.string({ error: message }).trim().refine(isCalendarDate, message);

/** Trimmed non-empty string with a custom message. */
export const requiredText = (message: string, max = 500) =>
  safeText({ error: message }).trim().min(1, message).max(max);

export const emailSchema = safeText()
  .trim()
  .toLowerCase()
  .pipe(z.email('Please enter a valid email address').max(254));

/** GET /api/config: what the client needs to know about this deployment. */
export const appConfigSchema = z.object({
  demoMode: z.boolean(),
  /** The footer's social links, configured by the operator (none by default). */
  socialLinks: z.array(z.object({ label: z.string(), url: z.string() })),
});
export type AppConfig = z.output<typeof appConfigSchema>;
