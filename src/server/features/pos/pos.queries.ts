import { and, asc, desc, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  invoicePayments,
  invoices,
  quoteItems,
  quotes,
  serviceRequests,
  technicians,
  users,
} from '../../db/schema';

export type QuoteRow = typeof quotes.$inferSelect;
export type ItemRow = typeof quoteItems.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type PaymentRow = typeof invoicePayments.$inferSelect;

const LIST_LIMIT = 200;

// Jobs (service requests) that quotes and invoices belong to

/** A job's status and assigned technician; locked until the transaction ends when `lock`. */
export async function findJobState(db: DbOrTx, id: number, lock = false) {
  const q = db
    .select({
      id: serviceRequests.id,
      status: serviceRequests.status,
      assignedTechnicianId: serviceRequests.assignedTechnicianId,
      location: serviceRequests.location,
    })
    .from(serviceRequests)
    .where(eq(serviceRequests.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

// Quotes

export async function findQuote(db: DbOrTx, id: number): Promise<QuoteRow | undefined> {
  const [q] = await db.select().from(quotes).where(eq(quotes.id, id));
  return q;
}

export function listQuoteRows(db: DbOrTx, technicianId: number) {
  return db
    .select()
    .from(quotes)
    .where(eq(quotes.technicianId, technicianId))
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(LIST_LIMIT);
}

export function quoteItemsOf(db: DbOrTx, quoteIds: number[]) {
  return db.select().from(quoteItems).where(inArray(quoteItems.quoteId, quoteIds));
}

/** The invoice made from each of these quotes, when there is one. */
export function invoiceIdsOfQuotes(db: DbOrTx, quoteIds: number[]) {
  return db
    .select({ id: invoices.id, quoteId: invoices.quoteId })
    .from(invoices)
    .where(inArray(invoices.quoteId, quoteIds));
}

type ItemInsert = Omit<typeof quoteItems.$inferInsert, 'quoteId'>;

/**
 * Inserts the quote and its items; null when the technician already has a quote with this
 * client id (a concurrent twin committed it first: the insert waited for it, then did nothing).
 */
export async function insertQuote(
  tx: DbOrTx,
  values: typeof quotes.$inferInsert,
  items: ItemInsert[],
): Promise<QuoteRow | null> {
  const [q] = await tx
    .insert(quotes)
    .values({
      // The warranty the technician offers today: the quote keeps it whatever they offer later.
      warrantyMonths: sql`(select ${technicians.warrantyMonths} from ${technicians} where ${technicians.id} = ${values.technicianId})`,
      warrantyMiles: sql`(select ${technicians.warrantyMiles} from ${technicians} where ${technicians.id} = ${values.technicianId})`,
      ...values,
    })
    .onConflictDoNothing({ target: [quotes.technicianId, quotes.clientId] })
    .returning();
  if (!q) return null;
  await tx.insert(quoteItems).values(items.map((i) => ({ ...i, quoteId: q.id })));
  return q;
}

/** The quote, locked until the transaction ends (edits and signatures serialise on it). */
export async function lockQuote(tx: DbOrTx, id: number): Promise<QuoteRow | undefined> {
  const [q] = await tx.select().from(quotes).where(eq(quotes.id, id)).for('update');
  return q;
}

/** Replaces a quote's content (fields, totals, items). Call inside a transaction. */
export async function replaceQuoteContent(
  tx: DbOrTx,
  id: number,
  values: Partial<typeof quotes.$inferInsert>,
  items: ItemInsert[],
) {
  const [q] = await tx.update(quotes).set(values).where(eq(quotes.id, id)).returning();
  await tx.delete(quoteItems).where(eq(quoteItems.quoteId, id));
  await tx.insert(quoteItems).values(items.map((i) => ({ ...i, quoteId: id })));
  return q!;
}

// Records named by the id the technician's device gave them (ADR 013)

export async function findQuoteByClientId(db: DbOrTx, technicianId: number, clientId: string) {
  const [q] = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.technicianId, technicianId), eq(quotes.clientId, clientId)));
  return q;
}

export async function findInvoiceByClientId(db: DbOrTx, technicianId: number, clientId: string) {
  const [i] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.technicianId, technicianId), eq(invoices.clientId, clientId)));
  return i;
}

export async function findPaymentByClientId(db: DbOrTx, technicianId: number, clientId: string) {
  const [p] = await db
    .select()
    .from(invoicePayments)
    .where(
      and(eq(invoicePayments.technicianId, technicianId), eq(invoicePayments.clientId, clientId)),
    );
  return p;
}

export async function setApprovalToken(
  db: DbOrTx,
  id: number,
  set: { approvalTokenHash: string; approvalTokenExpiresAt: Date; customerEmail: string },
) {
  await db.update(quotes).set(set).where(eq(quotes.id, id));
}

/** The quote behind an approval token's hash, with its technician's name. */
export async function findQuoteByTokenHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ q: quotes, first: users.firstName, last: users.lastName })
    .from(quotes)
    .innerJoin(technicians, eq(technicians.id, quotes.technicianId))
    .innerJoin(users, eq(users.id, technicians.userId))
    .where(eq(quotes.approvalTokenHash, tokenHash));
  return row;
}

// Invoices

export async function findInvoice(db: DbOrTx, id: number): Promise<InvoiceRow | undefined> {
  const [inv] = await db.select().from(invoices).where(eq(invoices.id, id));
  return inv;
}

/** The invoice, locked until the transaction ends: every payment transaction locks it first. */
export async function lockInvoice(tx: DbOrTx, id: number): Promise<InvoiceRow | undefined> {
  const [inv] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  return inv;
}

export function listInvoiceRows(db: DbOrTx, technicianId: number) {
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.technicianId, technicianId))
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(LIST_LIMIT);
}

/**
 * Inserts the invoice; null when a unique rule stopped it: the quote already has an invoice, or
 * the technician already has an invoice with this client id.
 */
export async function insertInvoice(
  db: DbOrTx,
  values: typeof invoices.$inferInsert,
): Promise<InvoiceRow | null> {
  const [row] = await db.insert(invoices).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export function invoiceNumbers(db: DbOrTx, ids: number[]) {
  return db
    .select({ id: invoices.id, n: invoices.invoiceNumber })
    .from(invoices)
    .where(inArray(invoices.id, ids));
}

/** Adds a payment to the invoice's paid amount, marking it paid once covered. */
export async function addToInvoice(tx: DbOrTx, invoiceId: number, amountCents: number, now: Date) {
  const [inv] = await tx
    .update(invoices)
    .set({ paidAmountCents: sql`${invoices.paidAmountCents} + ${amountCents}` })
    .where(eq(invoices.id, invoiceId))
    .returning();
  // A disputed invoice stays disputed: only a pending one becomes paid.
  if (inv && inv.paidAmountCents >= inv.totalAmountCents && inv.status === 'pending') {
    await tx
      .update(invoices)
      .set({ status: 'paid', paidAt: now })
      .where(eq(invoices.id, invoiceId));
  }
}

// Payments

/** The cents of the invoice's card payments still `processing`. */
export async function processingCents(tx: DbOrTx, invoiceId: number) {
  const [inFlight] = await tx
    .select({ cents: sql<string>`coalesce(sum(${invoicePayments.amountCents}), 0)` })
    .from(invoicePayments)
    .where(and(eq(invoicePayments.invoiceId, invoiceId), eq(invoicePayments.status, 'processing')));
  return Number(inFlight?.cents ?? 0);
}

/** Inserts the payment; null when the technician already has a payment with its client id. */
export async function insertPayment(
  tx: DbOrTx,
  values: typeof invoicePayments.$inferInsert,
): Promise<PaymentRow | null> {
  const [p] = await tx
    .insert(invoicePayments)
    .values(values)
    .onConflictDoNothing({ target: [invoicePayments.technicianId, invoicePayments.clientId] })
    .returning();
  return p ?? null;
}

/** Inserts the payment unless its idempotency key is taken: null then. */
export async function claimPayment(tx: DbOrTx, values: typeof invoicePayments.$inferInsert) {
  const [r] = await tx
    .insert(invoicePayments)
    .values(values)
    .onConflictDoNothing({ target: invoicePayments.idempotencyKey })
    .returning();
  return r ?? null;
}

export async function findPaymentByKey(db: DbOrTx, key: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(invoicePayments)
    .where(eq(invoicePayments.idempotencyKey, key));
  return row;
}

export function paymentRowsById(db: DbOrTx, id: number) {
  return db.select().from(invoicePayments).where(eq(invoicePayments.id, id));
}

export function paymentRowsOfInvoice(db: DbOrTx, invoiceId: number) {
  return db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoiceId));
}

/**
 * What had been paid on an invoice when a payment was made: the payments that went through,
 * up to and including that one (in the order they were taken; one still processing then counted
 * as paid then, as the balance check did, and counts once it went through).
 */
export function paidThrough(db: DbOrTx, invoiceId: number, paymentId: number) {
  return db
    .select({ cents: sql<number>`coalesce(sum(${invoicePayments.amountCents}), 0)::int` })
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.invoiceId, invoiceId),
        eq(invoicePayments.status, 'succeeded'),
        lte(invoicePayments.id, paymentId),
      ),
    )
    .then((r) => r[0]?.cents ?? 0);
}

/** The deposits an invoice was issued with: its quote's deposit, paid before it existed. */
export function depositsOnInvoice(db: DbOrTx, invoiceId: number) {
  return db
    .select({ cents: sql<number>`coalesce(sum(${invoicePayments.amountCents}), 0)::int` })
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.invoiceId, invoiceId),
        eq(invoicePayments.status, 'succeeded'),
        sql`${invoicePayments.quoteId} is not null`,
      ),
    )
    .then((r) => r[0]?.cents ?? 0);
}

export function listPaymentRows(db: DbOrTx, technicianId: number) {
  return db
    .select()
    .from(invoicePayments)
    .where(eq(invoicePayments.technicianId, technicianId))
    .orderBy(desc(invoicePayments.createdAt), desc(invoicePayments.id))
    .limit(LIST_LIMIT);
}

/** A payment with the name and phone of the technician who took it. */
export async function findReceiptRow(db: DbOrTx, paymentId: number) {
  const [row] = await db
    .select({
      p: invoicePayments,
      first: users.firstName,
      last: users.lastName,
      phone: users.phone,
    })
    .from(invoicePayments)
    .innerJoin(technicians, eq(technicians.id, invoicePayments.technicianId))
    .innerJoin(users, eq(users.id, technicians.userId))
    .where(eq(invoicePayments.id, paymentId));
  return row;
}

/** Card payments still `processing` that were claimed before `before` (reconciliation). */
/** Card payments left `processing` since before `before`, by id after `afterId`, a page at a time. */
export function stuckCardPayments(db: DbOrTx, before: Date, afterId = 0) {
  return db
    .select()
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.status, 'processing'),
        eq(invoicePayments.method, 'card'),
        lt(invoicePayments.createdAt, before),
        gt(invoicePayments.id, afterId),
      ),
    )
    .orderBy(asc(invoicePayments.id))
    .limit(STUCK_PAGE);
}
/** How many stuck card payments one page of the reconciliation holds. */
export const STUCK_PAGE = LIST_LIMIT;

/** What became of a card charge. `providerPaymentId` undefined leaves the stored one. */
export type CardOutcome = {
  status: 'succeeded' | 'failed';
  failureMessage: string | null;
  providerPaymentId?: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
};

/**
 * Settles a card payment that is still `processing`, under its invoice's lock (taken first, as
 * every payment transaction does: a duplicate holding it while it checks the idempotency key
 * would otherwise wait on the payment row and deadlock). A success adds to the invoice. Null
 * when the payment was settled meanwhile (by the request or the reconciliation sweep): that
 * outcome stands, counted once. Call inside a transaction.
 */
export async function settleCardPayment(
  tx: DbOrTx,
  payment: Pick<PaymentRow, 'id' | 'invoiceId' | 'amountCents'>,
  outcome: CardOutcome,
  now: Date,
  /** The receipt's number, asked for only when the payment went through (no gaps). */
  receiptNumber: () => Promise<string>,
): Promise<PaymentRow | null> {
  if (payment.invoiceId) await lockInvoice(tx, payment.invoiceId);
  // Still processing (not settled meanwhile by its webhook or the sweep), under its lock.
  const [current] = await tx
    .select({ status: invoicePayments.status })
    .from(invoicePayments)
    .where(eq(invoicePayments.id, payment.id))
    .for('update');
  if (current?.status !== 'processing') return null;
  const [row] = await tx
    .update(invoicePayments)
    .set({
      ...outcome,
      ...(outcome.status === 'succeeded' ? { receiptNumber: await receiptNumber() } : {}),
    })
    .where(eq(invoicePayments.id, payment.id))
    .returning();
  if (!row) return null;
  if (outcome.status === 'succeeded' && payment.invoiceId)
    await addToInvoice(tx, payment.invoiceId, payment.amountCents, now);
  return row;
}

/** The name and phone of a technician, as their documents show them. */
export async function technicianContact(db: DbOrTx, technicianId: number) {
  const [row] = await db
    .select({ first: users.firstName, last: users.lastName, phone: users.phone })
    .from(technicians)
    .innerJoin(users, eq(users.id, technicians.userId))
    .where(eq(technicians.id, technicianId));
  return row;
}
