import { sql, type SQL } from 'drizzle-orm';
import { RESPONSE_TIME_BUCKETS } from '@shared/schemas/analytics';
import type { DbOrTx } from '../../db/client';

/**
 * A technician's figures over [start, end), grouped by calendar month in `tz`. Each query reads
 * one technician's rows through an index on (technician, date) (ADR 015).
 */
export type Range = { technicianId: number; start: Date; end: Date; tz: string };

const rows = async <T>(db: DbOrTx, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** A timestamp parameter, typed (drivers differ in how they send a Date). */
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

const month = (column: SQL, tz: string) => sql`to_char(${column} at time zone ${tz}, 'YYYY-MM')`;

/** The range's bounds: midnight of `from` and the midnight after `to`, in `tz`. */
export async function rangeBounds(db: DbOrTx, from: string, to: string, tz: string) {
  const [row] = await rows<{ start: string | Date; end: string | Date }>(
    db,
    sql`select ((${from}::date)::timestamp at time zone ${tz}) as start,
      ((${to}::date + 1)::timestamp at time zone ${tz}) as "end"`,
  );
  return { start: new Date(row!.start), end: new Date(row!.end) };
}

/** Notifications created in the range, by month and status. */
export function notificationsByMonth(db: DbOrTx, r: Range) {
  return rows<{ month: string; status: string; n: number }>(
    db,
    sql`select ${month(sql`created_at`, r.tz)} as month, status, count(*)::int as n
      from job_notifications
      where technician_id = ${r.technicianId} and created_at >= ${ts(r.start)} and created_at < ${ts(r.end)}
      group by 1, 2`,
  );
}

/**
 * Answers (accepts and declines) to notifications created in the range: the median seconds
 * and a count per RESPONSE_TIME_BUCKETS. A give-back's time is not an answer's, so withdrawn
 * notifications are left out.
 */
export async function responseTimes(db: DbOrTx, r: Range) {
  const secs = sql`extract(epoch from (responded_at - created_at))`;
  const buckets = RESPONSE_TIME_BUCKETS.map(
    (b, i) =>
      sql`count(*) filter (where ${secs} >= ${b.from}${
        b.to === null ? sql`` : sql` and ${secs} < ${b.to}`
      })::int as ${sql.identifier(`b${i}`)}`,
  );
  const [row] = await rows<Record<string, number | string | null>>(
    db,
    sql`select percentile_cont(0.5) within group (order by ${secs}) as median,
        ${sql.join(buckets, sql`, `)}
      from job_notifications
      where technician_id = ${r.technicianId} and created_at >= ${ts(r.start)} and created_at < ${ts(r.end)}
        and status in ('accepted', 'declined') and responded_at is not null`,
  );
  return {
    medianSeconds: row?.median == null ? null : Math.round(Number(row.median)),
    buckets: RESPONSE_TIME_BUCKETS.map((b, i) => ({
      label: b.label,
      count: Number(row?.[`b${i}`] ?? 0),
    })),
  };
}

/** Jobs the technician completed in the range, by month. */
export function completedByMonth(db: DbOrTx, r: Range) {
  return rows<{ month: string; n: number }>(
    db,
    sql`select ${month(sql`completed_at`, r.tz)} as month, count(*)::int as n
      from service_requests
      where assigned_technician_id = ${r.technicianId} and status = 'completed'
        and completed_at >= ${ts(r.start)} and completed_at < ${ts(r.end)}
      group by 1`,
  );
}

/**
 * Succeeded point-of-sale payments in the range, by month and method: what counted toward
 * invoices, and the customers' tips on top of it.
 */
export function revenueByMonthAndMethod(db: DbOrTx, r: Range) {
  return rows<{
    month: string;
    method: string;
    cents: string | number;
    tip_cents: string | number;
    n: number;
  }>(
    db,
    sql`select ${month(sql`created_at`, r.tz)} as month, method,
        sum(amount_cents)::bigint as cents, sum(tip_cents)::bigint as tip_cents, count(*)::int as n
      from invoice_payments
      where technician_id = ${r.technicianId} and status = 'succeeded'
        and created_at >= ${ts(r.start)} and created_at < ${ts(r.end)}
      group by 1, 2`,
  );
}

/** Tickets paid in the range: invoices, and payments without one. */
export async function ticketCount(db: DbOrTx, r: Range) {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(distinct coalesce(invoice_id::bigint, -id))::int as n
      from invoice_payments
      where technician_id = ${r.technicianId} and status = 'succeeded'
        and created_at >= ${ts(r.start)} and created_at < ${ts(r.end)}`,
  );
  return row?.n ?? 0;
}

/** Reviews received in the range (not hidden by an admin), by month: how many and their sum of stars. */
export function reviewsByMonth(db: DbOrTx, r: Range) {
  return rows<{ month: string; n: number; stars: number }>(
    db,
    sql`select ${month(sql`created_at`, r.tz)} as month, count(*)::int as n,
        sum(rating)::int as stars
      from reviews
      where technician_id = ${r.technicianId} and created_at >= ${ts(r.start)} and created_at < ${ts(r.end)}
        and hidden_at is null
      group by 1`,
  );
}

/** The median answer time of each month's notifications (as responseTimes counts them). */
export function medianResponseByMonth(db: DbOrTx, r: Range) {
  return rows<{ month: string; median: number | string | null }>(
    db,
    sql`select ${month(sql`created_at`, r.tz)} as month,
        percentile_cont(0.5) within group (order by extract(epoch from (responded_at - created_at))) as median
      from job_notifications
      where technician_id = ${r.technicianId} and created_at >= ${ts(r.start)} and created_at < ${ts(r.end)}
        and status in ('accepted', 'declined') and responded_at is not null
      group by 1`,
  );
}
