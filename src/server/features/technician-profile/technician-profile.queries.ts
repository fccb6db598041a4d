import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { documents, technicians, users, verifications } from '../../db/schema';

export type TechnicianChanges = Partial<typeof technicians.$inferInsert>;

export function findTechnicianWithUser(db: DbOrTx, technicianId: number) {
  return db
    .select({ t: technicians, u: users })
    .from(technicians)
    .innerJoin(users, eq(users.id, technicians.userId))
    .where(eq(technicians.id, technicianId))
    .limit(1)
    .then((r) => r[0]);
}

/** The technician's certification records (withdrawn ones left out), oldest first. */
export function certificationRecords(db: DbOrTx, technicianId: number) {
  return db
    .select({
      name: verifications.credentialName,
      verificationStatus: verifications.verificationStatus,
      expirationDate: verifications.expirationDate,
    })
    .from(verifications)
    .where(
      and(
        eq(verifications.technicianId, technicianId),
        eq(verifications.verificationType, 'certification'),
        isNull(verifications.withdrawnAt),
      ),
    )
    .orderBy(asc(verifications.createdAt), asc(verifications.id));
}

/** The technician's photo field and the uploaded document `documentId`, if both exist. */
export function findPhoto(db: DbOrTx, technicianId: number, documentId: number) {
  return db
    .select({ profileImage: technicians.profileImage, doc: documents })
    .from(technicians)
    .innerJoin(documents, eq(documents.id, documentId))
    .where(and(eq(technicians.id, technicianId), eq(documents.state, 'uploaded')))
    .then((r) => r[0]);
}

export function findTechnicianUserId(db: DbOrTx, technicianId: number) {
  return db
    .select({ userId: technicians.userId })
    .from(technicians)
    .where(eq(technicians.id, technicianId))
    .then((r) => r[0]);
}

export function findDocumentContentType(db: DbOrTx, documentId: number) {
  return db
    .select({ contentType: documents.contentType })
    .from(documents)
    .where(eq(documents.id, documentId))
    .then((r) => r[0]?.contentType);
}

export function updateTechnician(db: DbOrTx, technicianId: number, set: TechnicianChanges) {
  return db.update(technicians).set(set).where(eq(technicians.id, technicianId));
}

export function setUserPhone(db: DbOrTx, userId: number, phone: string | null) {
  return db.update(users).set({ phone }).where(eq(users.id, userId));
}

/** The service types a technician offers. */
export function findTechnicianSpecialties(db: DbOrTx, technicianId: number) {
  return db
    .select({ specialties: technicians.specialties })
    .from(technicians)
    .where(eq(technicians.id, technicianId))
    .then((r) => r[0]?.specialties);
}
