import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { serviceRequests } from '../db/schema';

/** The service request, optionally locked. */
export async function serviceRequestById(db: DbOrTx, id: number, lock = false) {
  const q = db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}
