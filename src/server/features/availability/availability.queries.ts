import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { technicians, users } from '../../db/schema';

/** Whether a technician is listed (approved): whose availability anyone may read. */
export async function isListed(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: technicians.id })
    .from(technicians)
    .innerJoin(users, eq(users.id, technicians.userId))
    .where(and(eq(technicians.id, id), eq(users.status, 'approved'), eq(users.role, 'technician')));
  return !!row;
}
