import { and, asc, eq, inArray, isNotNull, ne, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import {
  invoicePayments,
  invoices,
  paymentDisputes,
  paymentRefunds,
  technicians,
  users,
} from '../../../db/schema';
import type { InvoiceStatus } from '@shared/constants/domain';
import type { PaymentRow } from '../pos.queries';

/** The SQL of what providers' webhooks change at the point of sale (pos.provider-events). */

export type DisputeRow = typeof paymentDisputes.$inferSelect;

/** The payment the provider knows by this id. */
export async function paymentByProviderId(
  db: DbOrTx,
  provider: string,
  providerPaymentId: string,
): Promise<PaymentRow | undefined> {
  const [p] = await db
    .select()
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.provider, provider),
        eq(invoicePayments.providerPaymentId, providerPaymentId),
      ),
    )
    .orderBy(asc(invoicePayments.id))
    .limit(1);
  return p;
}

/** Card payments of this provider still `processing` (few: a charge is decided in seconds). */
export function processingPaymentsOf(db: DbOrTx, provider: string) {
  return db
    .select()
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.status, 'processing'),
        eq(invoicePayments.provider, provider),
        isNotNull(invoicePayments.idempotencyKey),
      ),
    )
    .orderBy(asc(invoicePayments.id))
    .limit(500);
}

export async function setProcessingFee(db: DbOrTx, paymentId: number, feeCents: number) {
  await db
    .update(invoicePayments)
    .set({ processingFeeCents: feeCents })
    .where(eq(invoicePayments.id, paymentId));
}

// Refunds

export async function refundByProviderRefundId(db: DbOrTx, provider: string, id: string) {
  const [r] = await db
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.provider, provider), eq(paymentRefunds.providerRefundId, id)))
    .orderBy(asc(paymentRefunds.id))
    .limit(1);
  return r;
}

/** A refund of ours (not the dashboard's) still being asked of the provider. */
export async function ourProcessingRefund(db: DbOrTx, paymentId: number) {
  const [r] = await db
    .select({ id: paymentRefunds.id })
    .from(paymentRefunds)
    .where(
      and(
        eq(paymentRefunds.paymentId, paymentId),
        eq(paymentRefunds.status, 'processing'),
        ne(paymentRefunds.reason, 'provider'),
      ),
    )
    .limit(1);
  return r;
}

/** A dashboard refund the provider later reports failed: no money went back after all. */
export async function failProviderRefund(db: DbOrTx, id: number, message: string) {
  const [r] = await db
    .update(paymentRefunds)
    .set({ status: 'failed', failureMessage: message })
    .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.status, 'succeeded')))
    .returning();
  return r;
}

// Disputes

export async function lockDispute(db: DbOrTx, provider: string, providerDisputeId: string) {
  const [d] = await db
    .select()
    .from(paymentDisputes)
    .where(
      and(
        eq(paymentDisputes.provider, provider),
        eq(paymentDisputes.providerDisputeId, providerDisputeId),
      ),
    )
    .for('update');
  return d;
}

/** Inserts the dispute unless another event inserted it first: null then. */
export async function insertDispute(db: DbOrTx, values: typeof paymentDisputes.$inferInsert) {
  const [d] = await db.insert(paymentDisputes).values(values).onConflictDoNothing().returning();
  return d ?? null;
}

export async function updateDispute(
  db: DbOrTx,
  id: number,
  values: Partial<typeof paymentDisputes.$inferInsert>,
) {
  const [d] = await db
    .update(paymentDisputes)
    .set(values)
    .where(eq(paymentDisputes.id, id))
    .returning();
  return d!;
}

/** Disputes of the invoice still open (neither won nor lost), besides `exceptId`. */
export function openDisputesOf(db: DbOrTx, invoiceId: number, exceptId: number) {
  return db
    .select({ id: paymentDisputes.id })
    .from(paymentDisputes)
    .where(
      and(
        eq(paymentDisputes.invoiceId, invoiceId),
        ne(paymentDisputes.id, exceptId),
        notInArray(paymentDisputes.state, [...CLOSED_DISPUTE_STATES]),
      ),
    );
}

/** Provider states after which a dispute is over (ours: WON and LOST, as recorded). */
export const CLOSED_DISPUTE_STATES = ['WON', 'LOST'] as const;

export async function setInvoiceStatus(
  db: DbOrTx,
  invoiceId: number,
  status: InvoiceStatus,
  paidAt?: Date | null,
) {
  await db
    .update(invoices)
    .set({ status, ...(paidAt !== undefined ? { paidAt } : {}) })
    .where(eq(invoices.id, invoiceId));
}

// Who is told

export async function technicianMailbox(db: DbOrTx, technicianId: number) {
  const [t] = await db
    .select({ email: users.email, first: users.firstName })
    .from(technicians)
    .innerJoin(users, eq(users.id, technicians.userId))
    .where(eq(technicians.id, technicianId));
  return t;
}

/** Every admin who can sign in (not suspended or rejected). */
export function adminMailboxes(db: DbOrTx) {
  return db
    .select({ email: users.email, first: users.firstName })
    .from(users)
    .where(and(eq(users.role, 'admin'), inArray(users.status, ['approved', 'pending'])));
}
