import { and, asc, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { technicians, users } from '../../db/schema';

const listed = and(eq(users.status, 'approved'), eq(users.role, 'technician'));

/** How many technician profiles are public. */
export async function countListedTechnicians(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(technicians)
    .innerJoin(users, eq(users.id, technicians.userId))
    .where(listed);
  return row?.n ?? 0;
}

/** Public technician profiles by id, `limit` from `offset`: their id and when they last changed. */
export function listedTechniciansPage(db: DbOrTx, offset: number, limit: number) {
  return db
    .select({ id: technicians.id, updatedAt: technicians.updatedAt })
    .from(technicians)
    .innerJoin(users, eq(users.id, technicians.userId))
    .where(listed)
    .orderBy(asc(technicians.id))
    .offset(offset)
    .limit(limit);
}
