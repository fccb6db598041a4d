import {
  and,
  asc,
  inArray,
  isNull,
  sql,
  type AnyColumn,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { VerificationType } from '@shared/constants/domain';
import type { DbOrTx } from '../db/client';
import { verifications } from '../db/schema';

/**
 * Today's date in the service area, 'YYYY-MM-DD', or a placeholder for it in a prepared
 * statement (which is planned once, whatever the day).
 */
export type Today = string | Placeholder;

/**
 * SQL condition: the technician (`technicianId`, a column) has a record of `type` that counts
 * today: verified, not withdrawn, and not past its expiration date (`today`, 'YYYY-MM-DD').
 */
function currentVerified(technicianId: AnyColumn, type: VerificationType, today: Today): SQL {
  return sql`exists (select 1 from verifications cv where cv.technician_id = ${technicianId}
    and cv.verification_type = ${type} and cv.verification_status = 'verified'
    and cv.withdrawn_at is null
    and (cv.expiration_date is null or cv.expiration_date >= ${today}::date))`;
}

/** SQL condition: a current verified record of every kind in `kinds`. */
export function hasCurrentVerified(
  technicianId: AnyColumn,
  kinds: readonly VerificationType[],
  today: Today,
): SQL {
  return sql`(${sql.join(
    kinds.map((k) => currentVerified(technicianId, k, today)),
    sql` and `,
  )})`;
}

/** SQL: the names of the technician's current verified records of `type`, oldest first. */
export function currentVerifiedNames(
  technicianId: AnyColumn,
  type: VerificationType,
  today: Today,
): SQL<string[]> {
  return sql<string[]>`coalesce((select array_agg(cn.credential_name order by cn.created_at, cn.id)
    from verifications cn where cn.technician_id = ${technicianId}
      and cn.verification_type = ${type} and cn.verification_status = 'verified'
      and cn.withdrawn_at is null
      and (cn.expiration_date is null or cn.expiration_date >= ${today}::date)), '{}'::text[])`;
}

/** The technicians' records that were not withdrawn, oldest first. */
export function liveRecords(db: DbOrTx, technicianIds: number[]) {
  if (technicianIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: verifications.id,
      technicianId: verifications.technicianId,
      verificationType: verifications.verificationType,
      credentialName: verifications.credentialName,
      verificationStatus: verifications.verificationStatus,
      expirationDate: verifications.expirationDate,
      notes: verifications.notes,
    })
    .from(verifications)
    .where(
      and(inArray(verifications.technicianId, technicianIds), isNull(verifications.withdrawnAt)),
    )
    .orderBy(asc(verifications.createdAt), asc(verifications.id));
}
