import type { DbOrTx } from '../db/client';
import {
  deleteUser,
  guestByEmail,
  insertGuest,
  lockGuestsByEmail,
  moveContactRequests,
  moveReviews,
  moveServiceRequests,
} from './customers.queries';
import { SERVICE_TIME_ZONE } from '@shared/service-time';

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
  const findGuest = () => guestByEmail(db, email);
  const existing = await findGuest();
  if (existing) return existing.id;
  const [first, ...rest] = (c.name ?? '').trim().split(/\s+/);
  const row = await insertGuest(db, {
    email,
    firstName: first ?? '',
    lastName: rest.join(' '),
    phone: c.phone || null,
  });
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
  const guests = await lockGuestsByEmail(db, account.email);
  let moved = 0;
  for (const g of guests) {
    const requests = await moveServiceRequests(db, g.id, account.id);
    moved += requests.length;
    await moveReviews(db, g.id, account.id);
    await moveContactRequests(db, g.id, account.id);
    await deleteUser(db, g.id);
  }
  return moved;
}

/** Made once: a formatter costs far more to make than to use, and searches ask on every call. */
const SERVICE_AREA_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: SERVICE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date in the service area (America/New_York), as 'YYYY-MM-DD'. */
export function serviceAreaToday(now: Date): string {
  return SERVICE_AREA_DATE.format(now);
}
