import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contactMessages, contactRequests, technicians, users } from '../../db/schema';

/** An approved technician's id, e-mail and first name. */
export function findApprovedTechnician(db: DbOrTx, technicianId: number) {
  return db
    .select({ id: technicians.id, email: users.email, firstName: users.firstName })
    .from(technicians)
    .innerJoin(users, eq(users.id, technicians.userId))
    .where(and(eq(technicians.id, technicianId), eq(users.status, 'approved')))
    .limit(1)
    .then((r) => r[0]);
}

export function insertContactRequest(db: DbOrTx, values: typeof contactRequests.$inferInsert) {
  return db
    .insert(contactRequests)
    .values(values)
    .returning({ id: contactRequests.id })
    .then((r) => r[0]);
}

export function insertContactMessage(db: DbOrTx, values: typeof contactMessages.$inferInsert) {
  return db
    .insert(contactMessages)
    .values(values)
    .returning({ id: contactMessages.id })
    .then((r) => r[0]);
}
