import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';

/** One technician's rows over the months [from, to], bucketed by calendar month in `tz`. */
export type StatementRange = { technicianId: number; from: string; to: string; tz: string };

const rows = async <T>(db: DbOrTx, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const month = (column: SQL, tz: string) => sql`to_char(${column} at time zone ${tz}, 'YYYY-MM')`;

/** `column` within the range: from midnight of `from`'s first day to the next month after `to`. */
const within = (column: SQL, r: StatementRange) =>
  sql`${column} >= ((${r.from}::text || '-01')::date)::timestamp at time zone ${r.tz}
    and ${column} < ((${r.to}::text || '-01')::date + interval '1 month')::timestamp at time zone ${r.tz}`;

/** Sums come back as bigint (strings from some drivers): the service makes them numbers. */
type Num = number | string | null;

/**
 * Payments through a payment provider: cards, and wallets (PayPal) paid into the technician's
 * account. Their tips, fees, refunds and disputes go through the provider alike, so they make the
 * statement's net together; cash, check and other money recorded by hand stays apart.
 */
const PROCESSED = sql`(method = 'card' or provider is not null)`;

/** Succeeded payments by month: processed volume, tips and fees, and the other methods apart. */
export function paymentsByMonth(db: DbOrTx, r: StatementRange) {
  return rows<{
    month: string;
    card_count: Num;
    card_cents: Num;
    tip_cents: Num;
    fee_cents: Num;
    fees_unreported: Num;
    cash_cents: Num;
    check_cents: Num;
    other_cents: Num;
  }>(
    db,
    sql`select ${month(sql`created_at`, r.tz)} as month,
        count(*) filter (where ${PROCESSED}) as card_count,
        sum(amount_cents) filter (where ${PROCESSED}) as card_cents,
        sum(tip_cents) filter (where ${PROCESSED}) as tip_cents,
        sum(processing_fee_cents) filter (where ${PROCESSED}) as fee_cents,
        count(*) filter (where ${PROCESSED} and processing_fee_cents is null) as fees_unreported,
        sum(amount_cents) filter (where method = 'cash') as cash_cents,
        sum(amount_cents) filter (where method = 'check') as check_cents,
        sum(amount_cents) filter (where method = 'digital' and not ${PROCESSED}) as other_cents
      from invoice_payments
      where technician_id = ${r.technicianId} and status = 'succeeded'
        and ${within(sql`created_at`, r)}
      group by 1`,
  );
}

/** Succeeded refunds of processed payments (cards, wallets) by the month they were made. */
export function refundsByMonth(db: DbOrTx, r: StatementRange) {
  return rows<{ month: string; refund_count: Num; refund_cents: Num }>(
    db,
    sql`select ${month(sql`r.created_at`, r.tz)} as month,
        count(*) as refund_count, sum(r.amount_cents) as refund_cents
      from payment_refunds r
      join invoice_payments p on p.id = r.payment_id
      where r.technician_id = ${r.technicianId} and r.status = 'succeeded'
        and (p.method = 'card' or p.provider is not null)
        and ${within(sql`r.created_at`, r)}
      group by 1`,
  );
}

/** Disputes by the month they were reported; the amount of those decided lost apart. */
export function disputesByMonth(db: DbOrTx, r: StatementRange) {
  return rows<{ month: string; dispute_count: Num; disputed_cents: Num; lost_cents: Num }>(
    db,
    sql`select ${month(sql`created_at`, r.tz)} as month,
        count(*) as dispute_count, sum(amount_cents) as disputed_cents,
        sum(amount_cents) filter (where state = 'LOST') as lost_cents
      from payment_disputes
      where technician_id = ${r.technicianId} and ${within(sql`created_at`, r)}
      group by 1`,
  );
}
