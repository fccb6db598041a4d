import type { AnyColumn, Placeholder, SQL } from 'drizzle-orm';
import type { VerificationStatus, VerificationType } from '@shared/constants/domain';
import type { DbOrTx } from '../db/client';
import { serviceAreaToday } from './customers';
import * as q from './credentials.queries';

/**
 * What a technician's credentials say about them, in one place (ADR 033): the listing, the home
 * page's count, dispatch, a customer's first choice and the technician's own advice all read it.
 *
 * A technician is certified when they hold a current verified record of each kind in
 * REQUIRED_CREDENTIALS: verified by an admin, not withdrawn, not past its expiration date. The
 * best record of a kind decides; a rejected or expired record beside a current verified one
 * blocks nothing. Only a certified technician gets leads; others are listed as new, with their
 * credentials in review. Public pages show verified credentials only.
 */
export const REQUIRED_CREDENTIALS = ['license', 'insurance'] as const satisfies VerificationType[];
export type RequiredCredential = (typeof REQUIRED_CREDENTIALS)[number];

/** Today in the service area, 'YYYY-MM-DD': a credential is valid through its expiration date. */
export const credentialsToday = (now: Date) => serviceAreaToday(now);

/** A verified credential whose expiration date has passed reads as expired, swept or not. */
export function effectiveStatus(
  v: { verificationStatus: VerificationStatus; expirationDate: string | null },
  today: string,
): VerificationStatus {
  return v.verificationStatus === 'verified' &&
    v.expirationDate !== null &&
    v.expirationDate < today
    ? 'expired'
    : v.verificationStatus;
}

/** `now`'s date in the service area, or the placeholder a prepared statement is given it by. */
const todayOf = (now: Date | Placeholder): q.Today =>
  now instanceof Date ? credentialsToday(now) : now;

/** SQL condition: the technician (`technicianId`, a column) is certified at `now`. */
export const certifiedSql = (technicianId: AnyColumn, now: Date | Placeholder): SQL =>
  q.hasCurrentVerified(technicianId, REQUIRED_CREDENTIALS, todayOf(now));

/** SQL: the names of the technician's current verified certifications (what the public sees). */
export const verifiedCertificationsSql = (technicianId: AnyColumn, now: Date | Placeholder) =>
  q.currentVerifiedNames(technicianId, 'certification', todayOf(now));

type CredentialRecord = {
  verificationType: VerificationType;
  credentialName: string;
  verificationStatus: VerificationStatus;
  expirationDate: string | null;
  notes: string | null;
};

/** Where a technician stands on one required kind: its best record decides. */
export type Standing =
  | { kind: RequiredCredential; state: 'verified' | 'pending'; record: CredentialRecord }
  | { kind: RequiredCredential; state: 'expired' | 'rejected'; record: CredentialRecord }
  | { kind: RequiredCredential; state: 'missing' };

/**
 * The best record of `kind` among `records` (oldest first, withdrawn ones left out): a current
 * verified one; else one waiting for review; else the newest, expired or rejected; else none.
 */
export function standingOf(
  records: CredentialRecord[],
  kind: RequiredCredential,
  today: string,
): Standing {
  const mine = records
    .filter((r) => r.verificationType === kind)
    .map((r) => ({ r, status: effectiveStatus(r, today) }));
  const verified = mine.find((x) => x.status === 'verified');
  if (verified) return { kind, state: 'verified', record: verified.r };
  const pending = mine.findLast((x) => x.status === 'pending');
  if (pending) return { kind, state: 'pending', record: pending.r };
  const newest = mine.at(-1);
  if (!newest) return { kind, state: 'missing' };
  return {
    kind,
    state: newest.status === 'rejected' ? 'rejected' : 'expired',
    record: newest.r,
  };
}

/** 'Mar 1, 2026' for a calendar date. */
const calendarDate = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

const THEN_LEADS = 'job notifications start once our admin team verifies it.';

/** What blocks leads on this kind, and how to lift it; null when nothing does. */
export function adviceFor(s: Standing): string | null {
  const kind = s.kind;
  switch (s.state) {
    case 'verified':
      return null;
    case 'missing':
      return `No ${kind} on file. Add your ${kind} under My Verifications: ${THEN_LEADS}`;
    case 'pending':
      return `Your ${kind} "${s.record.credentialName}" is waiting for review by our admin team: job notifications start once it is verified. Nothing else to do.`;
    case 'expired':
      return `Your ${kind} "${s.record.credentialName}" expired${
        s.record.expirationDate ? ` on ${calendarDate(s.record.expirationDate)}` : ''
      }. Add your renewed ${kind} under My Verifications: ${THEN_LEADS}`;
    case 'rejected':
      return `Your ${kind} "${s.record.credentialName}" was rejected${
        s.record.notes ? ` (${s.record.notes.replace(/[.\s]+$/, '')})` : ''
      }. Add a valid ${kind} under My Verifications: ${THEN_LEADS}`;
  }
}

/** Where one technician stands on each required kind, from the records on file now. */
export async function credentialStandings(db: DbOrTx, technicianId: number, now: Date) {
  const records = await q.liveRecords(db, [technicianId]);
  const today = credentialsToday(now);
  return {
    records,
    standings: REQUIRED_CREDENTIALS.map((kind) => standingOf(records, kind, today)),
  };
}
