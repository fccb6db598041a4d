import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { invoicePayments, invoices, quoteItems, quotes, serviceRequests } from '../../db/schema';

/** A page: `limit` rows from `offset`. */
export type Page = { limit: number; offset: number };

async function total(
  db: DbOrTx,
  table: typeof quotes | typeof invoices | typeof invoicePayments,
  technicianId: number,
) {
  const [row] = await db
    .select({ n: count() })
    .from(table)
    .where(eq(table.technicianId, technicianId));
  return row?.n ?? 0;
}

/** The technician's jobs: the requests assigned to them, newest first. */
export async function jobsOf(db: DbOrTx, technicianId: number, page: Page) {
  const where = eq(serviceRequests.assignedTechnicianId, technicianId);
  const [rows, [n]] = await Promise.all([
    db
      .select()
      .from(serviceRequests)
      .where(where)
      .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(serviceRequests).where(where),
  ]);
  return { rows, total: n?.n ?? 0 };
}

export async function jobOf(db: DbOrTx, technicianId: number, id: number) {
  const [row] = await db
    .select()
    .from(serviceRequests)
    .where(and(eq(serviceRequests.id, id), eq(serviceRequests.assignedTechnicianId, technicianId)));
  return row;
}

export async function quotesOf(
  db: DbOrTx,
  technicianId: number,
  page: Page | null,
  serviceRequestId?: number,
) {
  const where = and(
    eq(quotes.technicianId, technicianId),
    serviceRequestId === undefined ? undefined : eq(quotes.serviceRequestId, serviceRequestId),
  );
  const query = db
    .select()
    .from(quotes)
    .where(where)
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .$dynamic();
  const rows = await (page ? query.limit(page.limit).offset(page.offset) : query);
  return { rows, total: page ? await total(db, quotes, technicianId) : rows.length };
}

export const itemsOf = (db: DbOrTx, quoteIds: number[]) =>
  quoteIds.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(quoteItems)
        .where(inArray(quoteItems.quoteId, quoteIds))
        .orderBy(asc(quoteItems.quoteId), asc(quoteItems.position));

export async function invoicesOf(
  db: DbOrTx,
  technicianId: number,
  page: Page | null,
  serviceRequestId?: number,
) {
  const where = and(
    eq(invoices.technicianId, technicianId),
    serviceRequestId === undefined ? undefined : eq(invoices.serviceRequestId, serviceRequestId),
  );
  const query = db
    .select()
    .from(invoices)
    .where(where)
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .$dynamic();
  const rows = await (page ? query.limit(page.limit).offset(page.offset) : query);
  return { rows, total: page ? await total(db, invoices, technicianId) : rows.length };
}

export async function paymentsOf(
  db: DbOrTx,
  technicianId: number,
  page: Page | null,
  invoiceIds?: number[],
) {
  if (invoiceIds && invoiceIds.length === 0) return { rows: [], total: 0 };
  const where = and(
    eq(invoicePayments.technicianId, technicianId),
    invoiceIds ? inArray(invoicePayments.invoiceId, invoiceIds) : undefined,
  );
  const query = db
    .select()
    .from(invoicePayments)
    .where(where)
    .orderBy(desc(invoicePayments.createdAt), desc(invoicePayments.id))
    .$dynamic();
  const rows = await (page ? query.limit(page.limit).offset(page.offset) : query);
  return { rows, total: page ? await total(db, invoicePayments, technicianId) : rows.length };
}
