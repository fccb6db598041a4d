import { z } from 'zod';
import { safeText } from './common';
import { serviceTypeSchema } from './request-fields';

/** Decimal strings of dollars: first quartile, median, third quartile. */
export const priceRangeSchema = z.object({
  low: z.string(),
  median: z.string(),
  high: z.string(),
});

/**
 * What completed, paid jobs of a service type charged in an area over the last 12 months
 * (ADR 015). `total` and `laborLine` are null unless at least FAIR_PRICE_MIN_JOBS jobs count.
 */
export const fairPriceSchema = z.object({
  serviceType: z.string(),
  /** The first three digits of the ZIP code nearest the job ('207'); null: no ZIP nearby. */
  area: z.string().nullable(),
  /** Completed jobs with paid invoices counted. */
  jobs: z.number().int(),
  enoughData: z.boolean(),
  /** A job's paid total (labor, parts and tax). */
  total: priceRangeSchema.nullable(),
  /** One labor line's charge. */
  laborLine: priceRangeSchema.nullable(),
  /** When the figures were computed; null when nothing was counted yet. */
  refreshedAt: z.string().nullable(),
});
export type FairPrice = z.infer<typeof fairPriceSchema>;

/** A coordinate in a query string: a plain decimal within ±max. */
const coordinate = (name: string, max: number) => {
  const message = `${name} must be a number from -${max} to ${max}`;
  return z
    .string({ error: message })
    .trim()
    .regex(/^-?\d{1,3}(\.\d{1,12})?$/, message)
    .transform(Number)
    .refine((n) => Math.abs(n) <= max, message);
};

/** GET /api/fair-price?serviceType=...&latitude=...&longitude=... */
export const fairPriceQuerySchema = z.object({
  serviceType: serviceTypeSchema,
  latitude: coordinate('latitude', 90),
  longitude: coordinate('longitude', 180),
});

/** GET /api/price-estimates?serviceType=...&location=... (a ZIP code, town or address). */
export const priceEstimateQuerySchema = z.object({
  serviceType: serviceTypeSchema,
  location: safeText({ error: 'Please enter a ZIP code, town or address' })
    .trim()
    .min(1, 'Please enter a ZIP code, town or address')
    .max(200, 'The location must be at most 200 characters'),
});

/**
 * What a service typically costs near a place, before booking: the quartiles of completed,
 * paid jobs' totals in dollars over the last 12 months. `low`, `median` and `high` only from
 * `minimumJobs` jobs on: below that only `jobs` (a price is never made up from a handful).
 */
export const priceEstimateSchema = z.object({
  serviceType: z.string(),
  /** The place as resolved: 'Hyattsville, MD 20781'. */
  place: z.string(),
  jobs: z.number().int(),
  minimumJobs: z.number().int(),
  low: z.number().optional(),
  median: z.number().optional(),
  high: z.number().optional(),
});
export type PriceEstimate = z.infer<typeof priceEstimateSchema>;
