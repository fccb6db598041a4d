import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import {
  invoicePayments,
  invoices,
  quotes,
  serviceRequests,
  technicianApplications,
  technicians,
  users,
} from '../db/schema';

/** Who a request's customer is (the account or guest record behind it) and what they gave. */
export function customerContact(db: DbOrTx, customerId: number) {
  return db
    .select({ id: users.id, email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.id, customerId))
    .limit(1)
    .then((r) => r[0]);
}

/**
 * The technician's identity: their account (id, e-mail, phone) and what their application
 * gave (e-mail, phone, street address), to compare with a reviewer's.
 */
export async function technicianIdentity(db: DbOrTx, technicianId: number) {
  const [account] = await db
    .select({
      userId: users.id,
      email: users.email,
      phone: users.phone,
      location: technicians.location,
    })
    .from(technicians)
    .innerJoin(users, eq(users.id, technicians.userId))
    .where(eq(technicians.id, technicianId))
    .limit(1);
  if (!account) return undefined;
  const applications = await db
    .select({
      email: technicianApplications.email,
      phone: technicianApplications.phone,
      address: technicianApplications.address,
      zipCode: technicianApplications.zipCode,
    })
    .from(technicianApplications)
    .where(
      or(
        eq(technicianApplications.userId, account.userId),
        eq(sql`lower(${technicianApplications.email})`, account.email.trim().toLowerCase()),
      ),
    );
  return { ...account, applications };
}

/**
 * The jobs among `requestIds` paid through the platform: a card payment taken through the
 * payment provider that succeeded, on one of the job's invoices or as a quote's deposit.
 */
export async function paidJobs(db: DbOrTx, requestIds: number[]): Promise<Set<number>> {
  if (requestIds.length === 0) return new Set();
  const paid = and(
    eq(invoicePayments.status, 'succeeded'),
    eq(invoicePayments.method, 'card'),
    isNotNull(invoicePayments.provider),
  );
  const [byInvoice, byDeposit] = await Promise.all([
    db
      .selectDistinct({ id: invoices.serviceRequestId })
      .from(invoicePayments)
      .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
      .where(and(paid, inArray(invoices.serviceRequestId, requestIds))),
    db
      .selectDistinct({ id: quotes.serviceRequestId })
      .from(invoicePayments)
      .innerJoin(quotes, eq(quotes.id, invoicePayments.quoteId))
      .where(and(paid, inArray(quotes.serviceRequestId, requestIds))),
  ]);
  return new Set(
    [...byInvoice, ...byDeposit].map((r) => r.id).filter((id): id is number => id !== null),
  );
}

/** The request's address and contact, for the moderation signals. */
export function requestContact(db: DbOrTx, id: number) {
  return db
    .select({
      contactEmail: serviceRequests.contactEmail,
      contactPhone: serviceRequests.contactPhone,
      location: serviceRequests.location,
    })
    .from(serviceRequests)
    .where(eq(serviceRequests.id, id))
    .limit(1)
    .then((r) => r[0]);
}
