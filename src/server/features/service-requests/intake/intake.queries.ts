import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { serviceRequests, technicians, users, vehicles } from '../../../db/schema';
import { certifiedSql } from '../../../domain/credentials';

/**
 * The customer's vehicle (undefined when it is not theirs). `lock` holds it until the request
 * is stored, so a concurrent delete waits and then sets the request's vehicleId null.
 */
export function customerVehicle(db: DbOrTx, customerId: number, id: number, lock = false) {
  const q = db
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.id, id), eq(vehicles.customerId, customerId)));
  return (lock ? q.for('share') : q).then((r) => r[0]);
}

export function insertServiceRequest(db: DbOrTx, values: typeof serviceRequests.$inferInsert) {
  return db
    .insert(serviceRequests)
    .values(values)
    .returning()
    .then((r) => r[0]);
}

export function serviceRequestStatus(db: DbOrTx, id: number) {
  return db
    .select({ status: serviceRequests.status })
    .from(serviceRequests)
    .where(eq(serviceRequests.id, id))
    .then((r) => r[0]);
}

/**
 * A listed technician (an approved user with the technician role), with what decides whether
 * a customer may send them a request first: their specialties, whether they take jobs now and
 * whether they are certified at `now` (a current verified license and insurance, as dispatch
 * judges them, ADR 033). Undefined when there is none listed.
 */
export function listedTechnician(db: DbOrTx, id: number, now: Date) {
  return db
    .select({
      id: technicians.id,
      firstName: users.firstName,
      lastName: users.lastName,
      specialties: technicians.specialties,
      isAvailable: technicians.isAvailable,
      certified: sql<boolean>`${certifiedSql(technicians.id, now)}`,
    })
    .from(technicians)
    .innerJoin(users, eq(users.id, technicians.userId))
    .where(and(eq(technicians.id, id), eq(users.status, 'approved'), eq(users.role, 'technician')))
    .then((r) => r[0]);
}
