import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { serviceRequests, vehicles } from '../../db/schema';

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
