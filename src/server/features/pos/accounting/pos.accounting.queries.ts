import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';

/** One technician's month [month, next month) in `tz`. */
export type AccountingMonth = { technicianId: number; month: string; tz: string };

const rows = async <T>(db: DbOrTx, query: SQL) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const within = (column: SQL, m: AccountingMonth) =>
  sql`${column} >= ((${m.month}::text || '-01')::date)::timestamp at time zone ${m.tz}
    and ${column} < ((${m.month}::text || '-01')::date + interval '1 month')::timestamp at time zone ${m.tz}`;

type Num = number | string | null;

/** Every payment that went through in the month, with its receipt, invoice and fee. */
export function paymentsIn(db: DbOrTx, m: AccountingMonth) {
  return rows<{
    created_at: Date | string;
    method: string;
    provider: string | null;
    amount_cents: Num;
    tip_cents: Num;
    processing_fee_cents: Num;
    receipt_number: string | null;
    customer_name: string | null;
    invoice_number: string | null;
  }>(
    db,
    sql`select p.created_at, p.method, p.provider, p.amount_cents, p.tip_cents,
        p.processing_fee_cents, p.receipt_number, p.customer_name, i.invoice_number
      from invoice_payments p left join invoices i on i.id = p.invoice_id
      where p.technician_id = ${m.technicianId} and p.status = 'succeeded'
        and ${within(sql`p.created_at`, m)}
      order by p.created_at, p.id`,
  );
}

/** Refunds that went through in the month, with the payment's receipt. */
export function refundsIn(db: DbOrTx, m: AccountingMonth) {
  return rows<{
    created_at: Date | string;
    amount_cents: Num;
    provider: string;
    receipt_number: string | null;
    customer_name: string | null;
  }>(
    db,
    sql`select r.created_at, r.amount_cents, r.provider, p.receipt_number, p.customer_name
      from payment_refunds r join invoice_payments p on p.id = r.payment_id
      where r.technician_id = ${m.technicianId} and r.status = 'succeeded'
        and ${within(sql`r.created_at`, m)}
      order by r.created_at, r.id`,
  );
}

/** Disputes lost, by the month they were decided (their last update). */
export function disputesLostIn(db: DbOrTx, m: AccountingMonth) {
  return rows<{
    updated_at: Date | string;
    amount_cents: Num;
    provider: string;
    receipt_number: string | null;
    customer_name: string | null;
  }>(
    db,
    sql`select d.updated_at, d.amount_cents, d.provider, p.receipt_number, p.customer_name
      from payment_disputes d left join invoice_payments p on p.id = d.payment_id
      where d.technician_id = ${m.technicianId} and d.state = 'LOST'
        and ${within(sql`d.updated_at`, m)}
      order by d.updated_at, d.id`,
  );
}
