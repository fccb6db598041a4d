import { and, asc, desc, eq } from 'drizzle-orm';
import { warrantyTermsOf, type WarrantyTerms } from '@shared/schemas/warranty';
import type { DbOrTx } from '../../../db/client';
import { quotes, serviceRequests, warrantyClaims } from '../../../db/schema';

/** The warranty a job's signed quote stated (the newest, if the job had two); the platform's without one. */
export async function termsOfJob(db: DbOrTx, serviceRequestId: number): Promise<WarrantyTerms> {
  const [row] = await db
    .select({ months: quotes.warrantyMonths, miles: quotes.warrantyMiles })
    .from(quotes)
    .where(and(eq(quotes.serviceRequestId, serviceRequestId), eq(quotes.status, 'approved')))
    .orderBy(desc(quotes.signedAt), desc(quotes.id))
    .limit(1);
  return warrantyTermsOf(row?.months ?? null, row?.miles ?? null);
}

export type WarrantyClaimRow = typeof warrantyClaims.$inferSelect;

/** A job's claims, oldest first, with the reference of the job each accepted one opened. */
export function claimsOf(db: DbOrTx, serviceRequestId: number) {
  return db
    .select()
    .from(warrantyClaims)
    .where(eq(warrantyClaims.serviceRequestId, serviceRequestId))
    .orderBy(asc(warrantyClaims.id));
}

export async function insertClaim(
  db: DbOrTx,
  values: {
    serviceRequestId: number;
    technicianId: number | null;
    problem: string;
    mileage: number | null;
  },
) {
  const [row] = await db.insert(warrantyClaims).values(values).returning();
  return row!;
}

/** One of the job's claims, locked for its answer. */
export async function lockClaim(db: DbOrTx, id: number, serviceRequestId: number) {
  const [row] = await db
    .select()
    .from(warrantyClaims)
    .where(and(eq(warrantyClaims.id, id), eq(warrantyClaims.serviceRequestId, serviceRequestId)))
    .for('update');
  return row;
}

export async function answerClaim(
  db: DbOrTx,
  id: number,
  values: Pick<
    WarrantyClaimRow,
    'status' | 'answeredAt' | 'answeredBy' | 'declineReason' | 'followUpRequestId'
  >,
) {
  const [row] = await db
    .update(warrantyClaims)
    .set(values)
    .where(and(eq(warrantyClaims.id, id), eq(warrantyClaims.status, 'open')))
    .returning();
  return row;
}

/** The job at no charge an accepted claim opens: the original's customer, place and vehicle. */
export async function insertFollowUpJob(db: DbOrTx, values: typeof serviceRequests.$inferInsert) {
  const [row] = await db.insert(serviceRequests).values(values).returning();
  return row!;
}
