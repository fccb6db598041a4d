import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { apiTokens, technicians } from '../../db/schema';

export type ApiTokenRow = typeof apiTokens.$inferSelect;

export const activeTokensOf = (db: DbOrTx, technicianId: number) =>
  db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.technicianId, technicianId), isNull(apiTokens.revokedAt)))
    .orderBy(asc(apiTokens.createdAt), asc(apiTokens.id));

/** Locks the technician's row: token creation is counted and written under it. */
export async function lockTechnician(db: DbOrTx, technicianId: number) {
  await db
    .select({ id: technicians.id })
    .from(technicians)
    .where(eq(technicians.id, technicianId))
    .for('update');
}

export async function countActive(db: DbOrTx, technicianId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(apiTokens)
    .where(and(eq(apiTokens.technicianId, technicianId), isNull(apiTokens.revokedAt)));
  return row?.n ?? 0;
}

export async function insertToken(db: DbOrTx, values: typeof apiTokens.$inferInsert) {
  const [row] = await db.insert(apiTokens).values(values).returning();
  return row!;
}

/** Revokes one of the technician's active tokens; false when there is none with that id. */
export async function revokeToken(db: DbOrTx, technicianId: number, id: number, now: Date) {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(apiTokens.id, id),
        eq(apiTokens.technicianId, technicianId),
        isNull(apiTokens.revokedAt),
      ),
    )
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}
