import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { vehicles } from '../../db/schema';

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
