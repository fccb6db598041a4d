import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';

/**
 * The customer record for someone who gave us an e-mail address without signing in: the
 * existing account with that address, or a new guest customer (no username, no password).
 */
export async function findOrCreateGuestCustomer(
  db: DbOrTx,
  c: { email: string; name?: string; phone?: string },
): Promise<number> {
  const email = c.email.trim().toLowerCase();
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
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
  const [again] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  return again!.id;
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
