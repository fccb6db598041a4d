import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { serviceRequests, technicians, users, vehicles } from '../../db/schema';

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
 * whether their credentials are valid (no license or insurance verification rejected, expired
 * or past its expiration date, as dispatch judges them). Undefined when there is none listed.
 */
export function listedTechnician(db: DbOrTx, id: number, today: string) {
  return db
    .select({
      id: technicians.id,
      firstName: users.firstName,
      specialties: technicians.specialties,
      isAvailable: technicians.isAvailable,
      validCredentials: sql<boolean>`not exists (select 1 from verifications v where v.technician_id = ${technicians.id}
              and v.verification_type in ('license', 'insurance')
              and (v.verification_status in ('rejected', 'expired') or v.expiration_date < ${today}::date))`,
    })
    .from(technicians)
    .innerJoin(users, eq(users.id, technicians.userId))
    .where(and(eq(technicians.id, id), eq(users.status, 'approved'), eq(users.role, 'technician')))
    .then((r) => r[0]);
}
