import { and, eq, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { technicians, users, verifications } from '../../db/schema';

/** Stores 'expired' on verified credentials whose date is before `today` (withdrawn ones stay as they were). */
export const expirePastDue = (db: DbOrTx, today: string) =>
  db
    .update(verifications)
    .set({ verificationStatus: 'expired' })
    .where(
      and(
        eq(verifications.verificationStatus, 'verified'),
        lt(verifications.expirationDate, today),
        isNull(verifications.withdrawnAt),
      ),
    )
    .returning({ id: verifications.id });

/** Verified credentials expiring between `today` and `until` with a reminder still owed above `shortest` days. */
export const remindersDue = (db: DbOrTx, today: string, until: string, shortest: number) =>
  db
    .select({
      id: verifications.id,
      verificationType: verifications.verificationType,
      credentialName: verifications.credentialName,
      issuingOrganization: verifications.issuingOrganization,
      expirationDate: verifications.expirationDate,
      reminderDaysSent: verifications.reminderDaysSent,
      email: users.email,
      firstName: users.firstName,
    })
    .from(verifications)
    .innerJoin(technicians, eq(technicians.id, verifications.technicianId))
    .innerJoin(users, eq(users.id, technicians.userId))
    .where(
      and(
        eq(verifications.verificationStatus, 'verified'),
        gte(verifications.expirationDate, today),
        lte(verifications.expirationDate, until),
        or(
          isNull(verifications.reminderDaysSent),
          sql`${verifications.reminderDaysSent} > ${shortest}`,
        ),
      ),
    );

/** Claims the reminder stage (a conditional update): true when this caller sends it. */
export async function claimReminder(tx: DbOrTx, id: number, stage: number) {
  const [claimed] = await tx
    .update(verifications)
    .set({ reminderDaysSent: stage })
    .where(
      and(
        eq(verifications.id, id),
        eq(verifications.verificationStatus, 'verified'),
        or(
          isNull(verifications.reminderDaysSent),
          sql`${verifications.reminderDaysSent} > ${stage}`,
        ),
      ),
    )
    .returning({ id: verifications.id });
  return claimed !== undefined;
}
