import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { serviceRequests, technicians, users } from '../db/schema';

const techUsers = alias(users, 'tech_users');

/**
 * One line per request, with the customer's and the technician's names: the customer's list of
 * requests and the technician's list of jobs narrow and order it in their own queries.
 */
export function requestSummaryQuery(db: DbOrTx) {
  return db
    .select({
      r: serviceRequests,
      customerFirst: users.firstName,
      customerLast: users.lastName,
      customerEmail: users.email,
      techFirst: techUsers.firstName,
      techLast: techUsers.lastName,
    })
    .from(serviceRequests)
    .innerJoin(users, eq(users.id, serviceRequests.customerId))
    .leftJoin(technicians, eq(technicians.id, serviceRequests.assignedTechnicianId))
    .leftJoin(techUsers, eq(techUsers.id, technicians.userId));
}
export type RequestSummaryRow = Awaited<ReturnType<typeof requestSummaryQuery>>[number];
