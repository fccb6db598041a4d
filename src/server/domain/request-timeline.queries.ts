import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { serviceRequestEvents, serviceRequests } from '../db/schema';

/** Sets columns of the request; returns the updated row. */
export function updateServiceRequest(
  tx: DbOrTx,
  id: number,
  set: Partial<typeof serviceRequests.$inferInsert>,
) {
  return tx
    .update(serviceRequests)
    .set(set)
    .where(eq(serviceRequests.id, id))
    .returning()
    .then((r) => r[0]);
}

/** Records a move on the request's timeline. */
export function insertServiceRequestEvent(
  tx: DbOrTx,
  event: typeof serviceRequestEvents.$inferInsert,
) {
  return tx.insert(serviceRequestEvents).values(event);
}
