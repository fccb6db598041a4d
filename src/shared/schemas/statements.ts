import { z } from 'zod';
import { SERVICE_TIME_ZONE } from '../service-time';

/**
 * Payment statements: a technician's card payments month by month (tips, refunds, disputes, the
 * provider's fees, net), and the admin's platform revenue (plans) kept apart from the
 * technicians' card volume. Months are calendar months in the platform's time zone; money is
 * integer cents (shown through formatCents, written to CSV through centsToDecimal).
 */
export const STATEMENT_TIME_ZONE = SERVICE_TIME_ZONE;
/** The longest range one request may cover, in months (both ends counted). */
export const STATEMENT_MAX_MONTHS = 36;
/** The range when none is given: this month and the 11 before it. */
export const STATEMENT_DEFAULT_MONTHS = 12;
export const STATEMENT_FIRST_MONTH = '2000-01';
export const STATEMENT_LAST_MONTH = '2999-12';

/** Whether 'YYYY-MM' names a month (01 to 12). */
export const isMonth = (v: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(v);

/** The index of a 'YYYY-MM' month, counted from year 0 (for differences). */
const monthIndex = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;

/** Months from `from` to `to`, both counted ('2026-01' to '2026-03' is 3). */
export const monthsSpanned = (from: string, to: string) => monthIndex(to) - monthIndex(from) + 1;

/** `month` moved by whole months. */
export function addMonths(month: string, n: number) {
  const i = monthIndex(month) + n;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
}

const month = (name: string) =>
  z
    .string({ error: `${name} must be a month (YYYY-MM)` })
    .trim()
    .refine(isMonth, `${name} must be a month (YYYY-MM)`)
    .refine(
      (v) => !isMonth(v) || (v >= STATEMENT_FIRST_MONTH && v <= STATEMENT_LAST_MONTH),
      `${name} must be from ${STATEMENT_FIRST_MONTH} to ${STATEMENT_LAST_MONTH}`,
    )
    .optional();

export const STATEMENT_RANGE_MESSAGES = {
  order: 'from must be on or before to',
  tooLong: `The range can span at most ${STATEMENT_MAX_MONTHS} months`,
} as const;

/** What is wrong with a whole range, or null. */
export function statementRangeError(from: string, to: string) {
  if (from > to) return STATEMENT_RANGE_MESSAGES.order;
  if (monthsSpanned(from, to) > STATEMENT_MAX_MONTHS) return STATEMENT_RANGE_MESSAGES.tooLong;
  return null;
}

/**
 * The asked range completed: `to` defaults to this month, `from` to 11 months before `to`
 * (`thisMonth` is today's month in STATEMENT_TIME_ZONE).
 */
export function statementRange(query: { from?: string; to?: string }, thisMonth: string) {
  const to = query.to ?? thisMonth;
  const from = query.from ?? addMonths(to, -(STATEMENT_DEFAULT_MONTHS - 1));
  return { from, to };
}

/** GET /api/pos/statements(.csv) and /api/admin/revenue: both months included. */
export const statementQuerySchema = z
  .object({ from: month('from'), to: month('to') })
  .superRefine((q, ctx) => {
    if (!q.from || !q.to || !isMonth(q.from) || !isMonth(q.to)) return;
    const error = statementRangeError(q.from, q.to);
    if (error)
      ctx.addIssue({ code: 'custom', path: [q.from > q.to ? 'from' : 'to'], message: error });
  });
export type StatementQuery = z.input<typeof statementQuerySchema>;

const count = z.number().int();
const cents = z.number().int();

/** One month of a technician's statement (or the range's totals). */
export const statementFiguresSchema = z.object({
  /**
   * Succeeded payments through a payment provider (deposits included), taken in the month:
   * cards, and PayPal paid into the technician's account.
   */
  cardCount: count,
  cardCents: cents,
  /**
   * Customers' tips charged with those payments, on top of `cardCents`: the technician's,
   * counted in the net (a refund gives the tip back with the payment).
   */
  tipCents: cents,
  /** Those payments given back (succeeded refunds, ours or made in the provider's dashboard). */
  refundCount: count,
  refundCents: cents,
  /** Disputes (chargebacks) reported in the month; `disputesLostCents` those decided lost. */
  disputeCount: count,
  disputedCents: cents,
  disputesLostCents: cents,
  /** The provider's processing fees as it reported them; payments it has not reported yet. */
  feeCents: cents,
  feesUnreportedCount: count,
  /**
   * What the technician received: cardCents + tipCents - refundCents - disputesLostCents -
   * feeCents.
   */
  netCents: cents,
  /** Money taken outside a payment provider (recorded by hand): not part of the net. */
  cashCents: cents,
  checkCents: cents,
  otherCents: cents,
});
export type StatementFigures = z.output<typeof statementFiguresSchema>;

export const statementMonthSchema = statementFiguresSchema.extend({
  /** 'YYYY-MM' */
  month: z.string(),
});
export type StatementMonth = z.output<typeof statementMonthSchema>;

export const statementSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  /** Every month of the range, oldest first, months without payments included. */
  months: z.array(statementMonthSchema),
  totals: statementFiguresSchema,
});
export type Statement = z.output<typeof statementSchema>;

/** The CSV's columns, in order (money as decimals without thousands separators). */
export const STATEMENT_CSV_HEADER = [
  'Month',
  'Card & PayPal payments',
  'Card & PayPal volume',
  'Tips',
  'Refunds',
  'Refunded',
  'Disputes',
  'Disputed',
  'Disputes lost',
  'Provider fees',
  'Payments without fee reported',
  'Net',
  'Cash',
  'Check',
  'Other',
] as const;

/** One month of the platform's money, as the admin sees it. */
export const revenueMonthSchema = z.object({
  month: z.string(),
  /** Plan payments that succeeded, and the platform's revenue from them (plan refunds out). */
  planPaymentCount: count,
  platformRevenueCents: cents,
  /** Technicians' succeeded card payments through the platform: their money, not revenue. */
  technicianCardCount: count,
  technicianCardVolumeCents: cents,
});
export type RevenueMonth = z.output<typeof revenueMonthSchema>;

export const revenueSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  months: z.array(revenueMonthSchema),
  totals: revenueMonthSchema.omit({ month: true }),
});
export type Revenue = z.output<typeof revenueSchema>;
