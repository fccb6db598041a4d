import { and, asc, count, desc, eq, inArray, like, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  payments,
  planPaymentRefunds,
  plans,
  subscriptions,
  technicians,
  users,
} from '../../db/schema';

export type PlanRow = typeof plans.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type PaymentInsert = typeof payments.$inferInsert;
type SubscriptionValues = Partial<typeof subscriptions.$inferInsert>;

const LIVE = ['active', 'past_due'] as const;
const ADMIN_PAGE_SIZE = 50;

/** A plan purchase or upgrade: at most one is in flight per technician (0005 index). */
const purchaseKey = or(
  like(payments.idempotencyKey, 'sub:%'),
  like(payments.idempotencyKey, 'upgrade:%'),
);

// Plans

export async function activePlanByName(db: DbOrTx, name: string) {
  const [p] = await db
    .select()
    .from(plans)
    .where(and(sql`lower(${plans.name}) = lower(${name})`, eq(plans.isActive, true)));
  return p;
}

export async function planById(db: DbOrTx, id: number) {
  const [p] = await db.select().from(plans).where(eq(plans.id, id));
  return p;
}

export async function planByPrice(db: DbOrTx, priceCents: number) {
  const [p] = await db.select().from(plans).where(eq(plans.priceCents, priceCents));
  return p;
}

// Subscriptions

/** The technician's active or past-due subscription, with its plan. */
export async function liveSubscription(db: DbOrTx, technicianId: number) {
  const [row] = await db
    .select({ s: subscriptions, p: plans })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(and(eq(subscriptions.technicianId, technicianId), inArray(subscriptions.status, LIVE)))
    .limit(1);
  return row;
}
export type LiveSubscription = NonNullable<Awaited<ReturnType<typeof liveSubscription>>>;

export async function updateSubscription(db: DbOrTx, id: number, values: SubscriptionValues) {
  const [s] = await db
    .update(subscriptions)
    .set(values)
    .where(eq(subscriptions.id, id))
    .returning();
  return s!;
}

export async function insertSubscription(db: DbOrTx, values: typeof subscriptions.$inferInsert) {
  const [s] = await db.insert(subscriptions).values(values).returning();
  return s!;
}

/** Live subscriptions whose period has ended, the oldest first. */
export function dueSubscriptions(db: DbOrTx, t: Date) {
  return db
    .select()
    .from(subscriptions)
    .where(and(inArray(subscriptions.status, LIVE), lte(subscriptions.currentPeriodEnd, t)))
    .orderBy(asc(subscriptions.currentPeriodEnd))
    .limit(500);
}

/**
 * The subscription under its row lock, if it is still live and its period has ended by `t`;
 * undefined when a renewal (of another sweep) moved it on meanwhile.
 */
export async function lockDueSubscription(tx: DbOrTx, id: number, t: Date) {
  const [s] = await tx
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.id, id),
        inArray(subscriptions.status, LIVE),
        lte(subscriptions.currentPeriodEnd, t),
      ),
    )
    .for('update');
  return s;
}

export async function endPastDueSubscription(db: DbOrTx, id: number, t: Date) {
  await db
    .update(subscriptions)
    .set({ status: 'canceled', canceledAt: t })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'past_due')));
}

// Technicians

/** Takes the technician's row lock: purchases of one technician are serialized. */
export async function lockTechnician(tx: DbOrTx, technicianId: number) {
  await tx
    .select({ id: technicians.id })
    .from(technicians)
    .where(eq(technicians.id, technicianId))
    .for('update');
}

export async function technicianContact(db: DbOrTx, technicianId: number) {
  const [t] = await db
    .select({ email: users.email, first: users.firstName })
    .from(technicians)
    .innerJoin(users, eq(users.id, technicians.userId))
    .where(eq(technicians.id, technicianId));
  return t;
}

// Payments

export async function paymentIdByKey(db: DbOrTx, key: string) {
  const [seen] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.idempotencyKey, key));
  return seen;
}

export async function paymentByKey(db: DbOrTx, key: string) {
  const [row] = await db.select().from(payments).where(eq(payments.idempotencyKey, key));
  return row;
}

export async function paymentById(db: DbOrTx, id: number) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

/** A plan purchase or upgrade of the technician still `processing`. */
export async function purchaseInFlight(db: DbOrTx, technicianId: number) {
  const [inFlight] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(eq(payments.technicianId, technicianId), eq(payments.status, 'processing'), purchaseKey),
    )
    .limit(1);
  return inFlight;
}

/** Inserts the payment unless its idempotency key is taken; null when it was. */
export async function insertPaymentOnce(db: DbOrTx, values: PaymentInsert) {
  const [row] = await db
    .insert(payments)
    .values(values)
    .onConflictDoNothing({ target: payments.idempotencyKey })
    .returning();
  return row ?? null;
}

export async function insertPayment(db: DbOrTx, values: PaymentInsert) {
  await db.insert(payments).values(values);
}

/** Sets a payment's outcome if it is still `processing`; undefined when it was settled before. */
export async function settleProcessingPayment(
  db: DbOrTx,
  id: number,
  values: Partial<PaymentInsert>,
) {
  const [p] = await db
    .update(payments)
    .set(values)
    .where(and(eq(payments.id, id), eq(payments.status, 'processing')))
    .returning();
  return p;
}

export async function updatePayment(db: DbOrTx, id: number, values: Partial<PaymentInsert>) {
  const [p] = await db.update(payments).set(values).where(eq(payments.id, id)).returning();
  return p!;
}

/** Payments still `processing` that were created before `cutoff`, the oldest first. */
export function stuckPayments(db: DbOrTx, cutoff: Date) {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'processing'), lt(payments.createdAt, cutoff)))
    .orderBy(asc(payments.id))
    .limit(200);
}

/** How many renewal charges were recorded for one period (keys start with `periodKey`). */
export async function countRenewalAttempts(db: DbOrTx, periodKey: string) {
  const [tried] = await db
    .select({ n: count() })
    .from(payments)
    .where(sql`${payments.idempotencyKey} like ${`${periodKey}%`}`);
  return tried?.n ?? 0;
}

export function technicianPaymentsPage(
  db: DbOrTx,
  technicianId: number,
  page: number,
  pageSize: number,
) {
  return db
    .select()
    .from(payments)
    .where(eq(payments.technicianId, technicianId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

/** Over the technician's whole history: how many payments, the cents paid and pending. */
export async function technicianPaymentTotals(db: DbOrTx, technicianId: number) {
  const [t] = await db
    .select({
      n: count(),
      // What was paid and kept: refunds made in the provider's dashboard are taken off.
      paidCents: sql<string>`coalesce(sum(${payments.amountCents} - ${payments.refundedCents}) filter (where ${payments.status} = 'succeeded'), 0)`,
      pendingCents: sql<string>`coalesce(sum(${payments.amountCents}) filter (where ${payments.status} = 'processing'), 0)`,
    })
    .from(payments)
    .where(eq(payments.technicianId, technicianId));
  return {
    count: t?.n ?? 0,
    paidCents: Number(t?.paidCents ?? 0),
    pendingCents: Number(t?.pendingCents ?? 0),
  };
}

export function allTechnicianPayments(db: DbOrTx, technicianId: number) {
  return db
    .select()
    .from(payments)
    .where(eq(payments.technicianId, technicianId))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

/** A payment with its payer's name and e-mail, for a receipt. */
export async function receiptRow(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ p: payments, first: users.firstName, last: users.lastName, email: users.email })
    .from(payments)
    .innerJoin(technicians, eq(technicians.id, payments.technicianId))
    .innerJoin(users, eq(users.id, technicians.userId))
    .where(eq(payments.id, id));
  return row;
}
export type ReceiptRow = NonNullable<Awaited<ReturnType<typeof receiptRow>>>;

export function adminPaymentsPage(db: DbOrTx, page: number) {
  return db
    .select({ p: payments, first: users.firstName, last: users.lastName })
    .from(payments)
    .innerJoin(technicians, eq(technicians.id, payments.technicianId))
    .innerJoin(users, eq(users.id, technicians.userId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE);
}
export type AdminPaymentRow = Awaited<ReturnType<typeof adminPaymentsPage>>[number];

export async function countPayments(db: DbOrTx) {
  const [c] = await db.select({ n: count() }).from(payments);
  return c?.n ?? 0;
}

// Provider webhooks

/** The plan payment the provider knows by this id (its payment, capture or order id). */
export async function paymentByProviderRef(db: DbOrTx, provider: string, ref: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, ref)))
    .limit(1);
  return row;
}

/** Plan payments of this provider still `processing` (few: a charge is decided in seconds). */
export function processingPaymentsOfProvider(db: DbOrTx, provider: string) {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'processing'), eq(payments.provider, provider)))
    .orderBy(asc(payments.id))
    .limit(500);
}

/**
 * A refund of a plan payment made in the provider's dashboard, recorded once per provider refund
 * id (its events repeat): true when this call recorded it; the payment's refunded amount grows by
 * it, never past what was paid.
 */
export async function recordPlanRefund(
  tx: DbOrTx,
  refund: typeof planPaymentRefunds.$inferInsert,
): Promise<boolean> {
  const [row] = await tx
    .insert(planPaymentRefunds)
    .values(refund)
    .onConflictDoNothing({
      target: [planPaymentRefunds.provider, planPaymentRefunds.providerRefundId],
    })
    .returning({ id: planPaymentRefunds.id });
  if (!row) return false;
  await tx
    .update(payments)
    .set({
      refundedCents: sql`least(${payments.amountCents}, ${payments.refundedCents} + ${refund.amountCents})`,
    })
    .where(eq(payments.id, refund.paymentId));
  return true;
}
