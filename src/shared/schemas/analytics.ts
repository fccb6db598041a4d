import { z } from 'zod';
import { POS_PAYMENT_METHODS, PLAN_TIERS } from '../constants/domain';
import { isRealDay } from './common';
import { SERVICE_TIME_ZONE } from '../service-time';

/**
 * A technician's analytics (ADR 015). Premium's 'Analytics dashboard' is the basic set;
 * Professional's 'Advanced analytics and reporting' adds `advanced` and the CSV export.
 * Days and months are counted in the platform's time zone (DC/MD/VA).
 */
export const ANALYTICS_TIME_ZONE = SERVICE_TIME_ZONE;
/** The longest range one request may cover (two years, a leap day included). */
export const ANALYTICS_MAX_DAYS = 731;

export const ANALYTICS_PLAN_REQUIRED =
  'The analytics dashboard is part of the Premium and Professional plans';
export const ANALYTICS_EXPORT_PLAN_REQUIRED =
  'Export is part of the Professional plan (advanced analytics and reporting)';
export const ANALYTICS_TECHNICIANS_ONLY = 'Analytics are for technicians';

/**
 * The days a range may name. Real dates outside them break the range's arithmetic (the year 0
 * does not exist in PostgreSQL, the day after 9999-12-31 has a five-digit year), and nothing
 * on the platform is that old or that far ahead.
 */
export const ANALYTICS_FIRST_DAY = '2000-01-01';
export const ANALYTICS_LAST_DAY = '2999-12-31';

const day = (name: string) =>
  z
    .string({ error: `${name} must be a date (YYYY-MM-DD)` })
    .trim()
    .refine(isRealDay, `${name} must be a real date (YYYY-MM-DD)`)
    .refine(
      (v) => !isRealDay(v) || (v >= ANALYTICS_FIRST_DAY && v <= ANALYTICS_LAST_DAY),
      `${name} must be from ${ANALYTICS_FIRST_DAY} to ${ANALYTICS_LAST_DAY}`,
    )
    .optional();

/** Whole days from `from` to `to` (both YYYY-MM-DD), counting both. */
export const daysInRange = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** GET /api/analytics/summary and /export.csv: both days included; the last 12 months when absent. */
export const analyticsQuerySchema = z
  .object({ from: day('from'), to: day('to') })
  .superRefine((q, ctx) => {
    if (!q.from || !q.to || !isRealDay(q.from) || !isRealDay(q.to)) return;
    if (q.from > q.to)
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'from must be on or before to' });
    else if (daysInRange(q.from, q.to) > ANALYTICS_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The range can span at most 2 years' });
  });
export type AnalyticsQuery = z.input<typeof analyticsQuerySchema>;

const money = z.string();

export const analyticsBasicSchema = z.object({
  /** Job notifications created in the range, by what became of them. */
  notifications: z.object({
    notified: z.number().int(),
    /** Accepted (including jobs accepted then given back). */
    accepted: z.number().int(),
    declined: z.number().int(),
    expired: z.number().int(),
    /** accepted / (accepted + declined + expired); null with none of those. */
    acceptanceRate: z.number().nullable(),
    /** Median seconds from notification to the technician's answer (accept or decline). */
    medianResponseSeconds: z.number().int().nullable(),
  }),
  /** Jobs this technician completed in the range. */
  jobsCompleted: z.number().int(),
  /** Point-of-sale payments received (succeeded) in the range. */
  revenue: z.object({
    total: money,
    /** Invoices paid (a payment without an invoice is its own ticket). */
    tickets: z.number().int(),
    averageTicket: money.nullable(),
    /** Customers' tips charged with those payments, on top of `total` (the technician's). */
    tips: money,
  }),
  ratings: z.object({ reviews: z.number().int(), average: z.string().nullable() }),
  /** Every month of the range, oldest first ('2026-03'). */
  months: z.array(
    z.object({
      month: z.string(),
      notified: z.number().int(),
      accepted: z.number().int(),
      completed: z.number().int(),
    }),
  ),
});

export const RESPONSE_TIME_BUCKETS = [
  { label: 'Under 30 s', from: 0, to: 30 },
  { label: '30–60 s', from: 30, to: 60 },
  { label: '1–2 min', from: 60, to: 120 },
  { label: '2–3 min', from: 120, to: 180 },
  { label: '3–5 min', from: 180, to: 300 },
  { label: '5 min or more', from: 300, to: null },
] as const;

export const analyticsAdvancedSchema = z.object({
  revenueByMethod: z.array(
    z.object({
      method: z.enum(POS_PAYMENT_METHODS),
      amount: money,
      payments: z.number().int(),
    }),
  ),
  revenueByMonth: z.array(
    z.object({
      month: z.string(),
      card: money,
      cash: money,
      check: money,
      digital: money,
      total: money,
      /** Tips on top of the month's total. */
      tips: money,
    }),
  ),
  ratingsByMonth: z.array(
    z.object({ month: z.string(), reviews: z.number().int(), average: z.string().nullable() }),
  ),
  /** Answered notifications by how long the answer took (RESPONSE_TIME_BUCKETS). */
  responseTimes: z.array(z.object({ label: z.string(), count: z.number().int() })),
});

export const analyticsSummarySchema = z.object({
  plan: z.enum(PLAN_TIERS),
  level: z.enum(['basic', 'advanced']),
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  basic: analyticsBasicSchema,
  /** Professional only; null on Premium. */
  advanced: analyticsAdvancedSchema.nullable(),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;
