import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { serviceRequests } from '../../../db/schema';

/** The technician's shared position on the job, kept only while it is en route. */
export async function setPosition(
  db: DbOrTx,
  id: number,
  position: { latitude: number; longitude: number; at: Date },
) {
  const [row] = await db
    .update(serviceRequests)
    .set({
      technicianLatitude: position.latitude,
      technicianLongitude: position.longitude,
      technicianPositionAt: position.at,
    })
    .where(eq(serviceRequests.id, id))
    .returning();
  return row!;
}
