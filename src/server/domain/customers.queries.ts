import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { contactRequests, reviews, serviceRequests, users } from '../db/schema';

const sameEmail = (email: string) => eq(sql`lower(${users.email})`, email.trim().toLowerCase());

/** The guest record with the address. */
export function guestByEmail(db: DbOrTx, email: string) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(sameEmail(email), eq(users.isGuest, true)))
    .limit(1)
    .then((r) => r[0]);
}

/** A new guest customer record; undefined when one with the address exists meanwhile. */
export function insertGuest(
  db: DbOrTx,
  g: { email: string; firstName: string; lastName: string; phone: string | null },
) {
  return db
    .insert(users)
    .values({ ...g, role: 'customer', status: 'approved', isGuest: true })
    .onConflictDoNothing()
    .returning({ id: users.id })
    .then((r) => r[0]);
}

/** The guest records with the address, locked. */
export function lockGuestsByEmail(db: DbOrTx, email: string) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(sameEmail(email), eq(users.isGuest, true)))
    .for('update');
}

/** Gives the guest's service requests to the account; returns the ones moved. */
export function moveServiceRequests(db: DbOrTx, fromCustomerId: number, toCustomerId: number) {
  return db
    .update(serviceRequests)
    .set({ customerId: toCustomerId })
    .where(eq(serviceRequests.customerId, fromCustomerId))
    .returning({ id: serviceRequests.id });
}

export function moveReviews(db: DbOrTx, fromCustomerId: number, toCustomerId: number) {
  return db
    .update(reviews)
    .set({ customerId: toCustomerId })
    .where(eq(reviews.customerId, fromCustomerId));
}

export function moveContactRequests(db: DbOrTx, fromCustomerId: number, toCustomerId: number) {
  return db
    .update(contactRequests)
    .set({ customerId: toCustomerId })
    .where(eq(contactRequests.customerId, fromCustomerId));
}

export function deleteUser(db: DbOrTx, userId: number) {
  return db.delete(users).where(eq(users.id, userId));
}
