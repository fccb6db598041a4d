import { formatWholeDollars, toCents } from './money';

/**
 * The fair-price check (ADR 015): what completed, paid jobs of the same service type in the same
 * area charged over the last 12 months. Below this many jobs there is no range ('not enough
 * data'): a typical price is never made up from a handful of jobs.
 */
export const FAIR_PRICE_MIN_JOBS = 20;
export const FAIR_PRICE_WINDOW_MONTHS = 12;
export const NOT_ENOUGH_DATA = 'Typical price in your area: not enough data yet';

/** A range as the API gives it: decimal strings of dollars (first quartile, median, third). */
export type PriceRange = { low: string; median: string; high: string };

/** Whole dollars, rounded to the nearest: '$120'. */
export const wholeDollars = (amount: string) => formatWholeDollars(amount);

/** 'Typical price in your area: $120–$180' (the interquartile range, whole dollars). */
export const typicalPriceText = (range: PriceRange, label = 'Typical price in your area') =>
  `${label}: ${wholeDollars(range.low)}–${wholeDollars(range.high)}`;

export type PriceVerdict = 'below' | 'within' | 'above';

/** Where an amount falls against the range: under its first quartile, inside, or over its third. */
export function priceVerdict(amount: string, range: PriceRange): PriceVerdict {
  const cents = toCents(amount);
  if (cents < toCents(range.low)) return 'below';
  if (cents > toCents(range.high)) return 'above';
  return 'within';
}

export const VERDICT_TEXT: Record<PriceVerdict, string> = {
  below: 'Below the typical range',
  within: 'Within the typical range',
  above: 'Above the typical range',
};
