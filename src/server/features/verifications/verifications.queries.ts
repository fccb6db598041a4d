import { and, asc, desc, eq, gte, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { documents, technicians, users, verifications } from '../../db/schema';

export type VerificationRow = typeof verifications.$inferSelect;

export function byTechnician(db: DbOrTx, technicianId: number) {
  return db
    .select()
    .from(verifications)
    .where(eq(verifications.technicianId, technicianId))
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

export function findVerification(db: DbOrTx, id: number) {
  return db
    .select()
    .from(verifications)
    .where(eq(verifications.id, id))
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
    .where(eq(verifications.id, id))
    .returning()
    .then((r) => r[0]!);
}

/** Deletes the verification and its document row; returns the document's storage key. */
export async function deleteVerification(db: DbOrTx, v: VerificationRow) {
  await db.delete(verifications).where(eq(verifications.id, v.id));
  if (v.documentId === null) return null;
  const [doc] = await db
    .delete(documents)
    .where(eq(documents.id, v.documentId))
    .returning({ storageKey: documents.storageKey });
  return doc?.storageKey ?? null;
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
    .where(eq(verifications.verificationStatus, 'pending'))
    .orderBy(asc(verifications.createdAt), asc(verifications.id));
}

/** Verified credentials whose expiration date falls from `from` to `to` (inclusive). */
export function expiringWithTechnician(db: DbOrTx, from: string, to: string) {
  return withTechnician(db)
    .where(
      and(
        eq(verifications.verificationStatus, 'verified'),
        gte(verifications.expirationDate, from),
        lte(verifications.expirationDate, to),
      ),
    )
    .orderBy(asc(verifications.expirationDate), asc(verifications.id));
}
