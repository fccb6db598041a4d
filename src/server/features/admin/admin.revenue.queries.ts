import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** The months [from, to], bucketed by calendar month in `tz`. */
export type RevenueRange = { from: string; to: string; tz: string };

const rows = async <T>(db: DbOrTx, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const month = (column: SQL, tz: string) => sql`to_char(${column} at time zone ${tz}, 'YYYY-MM')`;

const within = (column: SQL, r: RevenueRange) =>
  sql`${column} >= ((${r.from}::text || '-01')::date)::timestamp at time zone ${r.tz}
    and ${column} < ((${r.to}::text || '-01')::date + interval '1 month')::timestamp at time zone ${r.tz}`;

type Num = number | string | null;

/** Plan payments that succeeded, by month, less what was refunded: the platform's revenue. */
export function planRevenueByMonth(db: DbOrTx, r: RevenueRange) {
  return rows<{ month: string; n: Num; cents: Num }>(
    db,
    sql`select ${month(sql`created_at`, r.tz)} as month, count(*) as n,
        sum(amount_cents - refunded_cents) as cents
      from payments
      where status = 'succeeded' and ${within(sql`created_at`, r)}
      group by 1`,
  );
}

/** Every technician's succeeded card payments, by month: their customers' money, not ours. */
export function technicianCardVolumeByMonth(db: DbOrTx, r: RevenueRange) {
  return rows<{ month: string; n: Num; cents: Num }>(
    db,
    sql`select ${month(sql`created_at`, r.tz)} as month, count(*) as n, sum(amount_cents) as cents
      from invoice_payments
      where status = 'succeeded' and method = 'card' and ${within(sql`created_at`, r)}
      group by 1`,
  );
}
