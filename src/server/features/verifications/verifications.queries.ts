import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { documents, technicians, users, verifications } from '../../db/schema';

export type VerificationRow = typeof verifications.$inferSelect;

/** A technician's records, newest first; withdrawn ones have left the list. */
export function byTechnician(db: DbOrTx, technicianId: number) {
  return db
    .select()
    .from(verifications)
    .where(and(eq(verifications.technicianId, technicianId), isNull(verifications.withdrawnAt)))
    .orderBy(desc(verifications.createdAt), desc(verifications.id));
}

export function technicianExists(db: DbOrTx, id: number) {
  return db
    .select({ id: technicians.id })
    .from(technicians)
    .where(eq(technicians.id, id))
    .limit(1)
    .then((r) => r.length > 0);
}

/** A record that was not withdrawn. */
export function findVerification(db: DbOrTx, id: number) {
  return db
    .select()
    .from(verifications)
    .where(and(eq(verifications.id, id), isNull(verifications.withdrawnAt)))
    .limit(1)
    .then((r) => r[0]);
}

export function insertVerification(db: DbOrTx, values: typeof verifications.$inferInsert) {
  return db
    .insert(verifications)
    .values(values)
    .returning()
    .then((r) => r[0]!);
}

export function updateVerification(
  db: DbOrTx,
  id: number,
  values: Partial<typeof verifications.$inferInsert>,
) {
  return db
    .update(verifications)
    .set(values)
    .where(and(eq(verifications.id, id), isNull(verifications.withdrawnAt)))
    .returning()
    .then((r) => r[0]);
}

/**
 * Deletes the verification, if it is still pending, and its document row; returns whether it
 * did and the document's storage key.
 */
export async function deletePendingVerification(db: DbOrTx, v: VerificationRow) {
  const gone = await db
    .delete(verifications)
    .where(and(eq(verifications.id, v.id), eq(verifications.verificationStatus, 'pending')))
    .returning({ id: verifications.id });
  if (gone.length === 0) return { deleted: false, storageKey: null };
  if (v.documentId === null) return { deleted: true, storageKey: null };
  const [doc] = await db
    .delete(documents)
    .where(eq(documents.id, v.documentId))
    .returning({ storageKey: documents.storageKey });
  return { deleted: true, storageKey: doc?.storageKey ?? null };
}

/**
 * Withdraws the record if it is still rejected or expired (stored, or verified and past its
 * date `today`): it stays on record with who withdrew it and when. Returns whether it did.
 */
export async function withdrawVerification(
  db: DbOrTx,
  id: number,
  by: { userId: number; at: Date; today: string },
) {
  const done = await db
    .update(verifications)
    .set({ withdrawnAt: by.at, withdrawnByUserId: by.userId })
    .where(
      and(
        eq(verifications.id, id),
        isNull(verifications.withdrawnAt),
        or(
          inArray(verifications.verificationStatus, ['rejected', 'expired']),
          and(
            eq(verifications.verificationStatus, 'verified'),
            lt(verifications.expirationDate, by.today),
          ),
        ),
      ),
    )
    .returning({ id: verifications.id });
  return done.length > 0;
}

const withTechnician = (db: DbOrTx) =>
  db
    .select({
      v: verifications,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(verifications)
    .innerJoin(technicians, eq(technicians.id, verifications.technicianId))
    .innerJoin(users, eq(users.id, technicians.userId));

export function pendingWithTechnician(db: DbOrTx) {
  return withTechnician(db)
    .where(and(eq(verifications.verificationStatus, 'pending'), isNull(verifications.withdrawnAt)))
    .orderBy(asc(verifications.createdAt), asc(verifications.id));
}

/**
 * Rejected and expired records (stored, or verified and past their date `today`) that were not
 * withdrawn, newest first: what an admin may clear from a technician's list.
 */
export function lapsedWithTechnician(db: DbOrTx, today: string) {
  return withTechnician(db)
    .where(
      and(
        isNull(verifications.withdrawnAt),
        or(
          inArray(verifications.verificationStatus, ['rejected', 'expired']),
          and(
            eq(verifications.verificationStatus, 'verified'),
            lt(verifications.expirationDate, today),
          ),
        ),
      ),
    )
    .orderBy(desc(verifications.createdAt), desc(verifications.id))
    .limit(200);
}

/** Verified credentials whose expiration date falls from `from` to `to` (inclusive). */
export function expiringWithTechnician(db: DbOrTx, from: string, to: string) {
  return withTechnician(db)
    .where(
      and(
        eq(verifications.verificationStatus, 'verified'),
        isNull(verifications.withdrawnAt),
        gte(verifications.expirationDate, from),
        lte(verifications.expirationDate, to),
      ),
    )
    .orderBy(asc(verifications.expirationDate), asc(verifications.id));
}
