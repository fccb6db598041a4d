import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { ACTIVE_JOB_STATUSES, parseReference } from '@shared/service-request-rules';
import { escapeLike } from '../../infra/sql-like';
import type { DbOrTx } from '../../db/client';
import { serviceRequests, users } from '../../db/schema';
import { requestSummaryQuery } from '../../domain/request-summaries.queries';

/**
 * What narrows a technician's list: its tab and a search. The technician's id leads every
 * condition, so service_requests_assigned_idx (technician, status) picks the rows; a reference
 * is an equality on the primary key, anything else an ILIKE over that technician's jobs only.
 */
function technicianJobsWhere(technicianId: number, which: 'active' | 'past', search?: string) {
  const active = [...ACTIVE_JOB_STATUSES];
  const where: SQL[] = [
    eq(serviceRequests.assignedTechnicianId, technicianId),
    which === 'active'
      ? inArray(serviceRequests.status, active)
      : notInArray(serviceRequests.status, active),
  ];
  if (search) {
    const id = parseReference(search);
    if (id !== null) where.push(eq(serviceRequests.id, id));
    else {
      const p = `%${escapeLike(search)}%`;
      where.push(
        or(
          ilike(serviceRequests.serviceType, p),
          ilike(serviceRequests.location, p),
          ilike(serviceRequests.vehicleInfo, p),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, p),
          // A part of a reference ("WR-0001", "123") as the customer reads it.
          ilike(sql`'WR-' || lpad(${serviceRequests.id}::text, 6, '0')`, p),
        )!,
      );
    }
  }
  return and(...where);
}

export function jobsOfTechnician(
  db: DbOrTx,
  technicianId: number,
  which: 'active' | 'past',
  page: { limit: number; offset: number; search?: string },
) {
  return requestSummaryQuery(db)
    .where(technicianJobsWhere(technicianId, which, page.search))
    .orderBy(
      which === 'active' ? asc(serviceRequests.windowStart) : desc(serviceRequests.updatedAt),
      desc(serviceRequests.id),
    )
    .limit(page.limit)
    .offset(page.offset);
}

/** How many of the technician's jobs in that list match the search. */
export async function countJobsOfTechnician(
  db: DbOrTx,
  technicianId: number,
  which: 'active' | 'past',
  search?: string,
) {
  const [row] = await db
    .select({ n: count() })
    .from(serviceRequests)
    .innerJoin(users, eq(users.id, serviceRequests.customerId))
    .where(technicianJobsWhere(technicianId, which, search));
  return row?.n ?? 0;
}
