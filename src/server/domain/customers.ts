import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { contactRequests, reviews, serviceRequests, users } from '../db/schema';

const sameEmail = (email: string) => eq(sql`lower(${users.email})`, email.trim().toLowerCase());

/**
 * The guest customer record for someone who gave us an e-mail address without signing in:
 * the guest record with that address, or a new one (no username, no password). Never an
 * account: an address proves nothing until its owner follows the link we e-mail, so an
 * account with the same address only gets the guest's records after it proves the address
 * (see claimGuestRecords).
 */
export async function findOrCreateGuestCustomer(
  db: DbOrTx,
  c: { email: string; name?: string; phone?: string },
): Promise<number> {
  const email = c.email.trim().toLowerCase();
  const findGuest = () =>
    db
      .select({ id: users.id })
      .from(users)
      .where(and(sameEmail(email), eq(users.isGuest, true)))
      .limit(1)
      .then((r) => r[0]);
  const existing = await findGuest();
  if (existing) return existing.id;
  const [first, ...rest] = (c.name ?? '').trim().split(/\s+/);
  const [row] = await db
    .insert(users)
    .values({
      email,
      role: 'customer',
      status: 'approved',
      isGuest: true,
      firstName: first ?? '',
      lastName: rest.join(' '),
      phone: c.phone || null,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (row) return row.id;
  // Lost a race with a concurrent request for the same address.
  return (await findGuest())!.id;
}

/**
 * Moves the records of the guest customer with the account's (now proven) address to the
 * account, then removes the guest record. Returns how many service requests moved.
 */
export async function claimGuestRecords(
  db: DbOrTx,
  account: { id: number; email: string },
): Promise<number> {
  const guests = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sameEmail(account.email), eq(users.isGuest, true)))
    .for('update');
  let moved = 0;
  for (const g of guests) {
    const requests = await db
      .update(serviceRequests)
      .set({ customerId: account.id })
      .where(eq(serviceRequests.customerId, g.id))
      .returning({ id: serviceRequests.id });
    moved += requests.length;
    await db.update(reviews).set({ customerId: account.id }).where(eq(reviews.customerId, g.id));
    await db
      .update(contactRequests)
      .set({ customerId: account.id })
      .where(eq(contactRequests.customerId, g.id));
    await db.delete(users).where(eq(users.id, g.id));
  }
  return moved;
}

/** Today's date in the service area (America/New_York), as 'YYYY-MM-DD'. */
export function serviceAreaToday(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
