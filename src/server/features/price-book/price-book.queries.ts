import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { priceBookItems, technicians } from '../../db/schema';
import { escapeLike } from '../../infra/sql-like';

export type PriceBookRow = typeof priceBookItems.$inferSelect;
export type PriceBookValues = Omit<
  typeof priceBookItems.$inferInsert,
  'id' | 'technicianId' | 'createdAt' | 'updatedAt'
>;

/** The technician's items, by name, those matching `q` (name, description, part number). */
export function listItems(db: DbOrTx, technicianId: number, q?: string) {
  const like = q ? `%${escapeLike(q)}%` : null;
  return db
    .select()
    .from(priceBookItems)
    .where(
      and(
        eq(priceBookItems.technicianId, technicianId),
        like
          ? or(
              ilike(priceBookItems.name, like),
              ilike(priceBookItems.description, like),
              ilike(priceBookItems.partNumber, like),
            )
          : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${priceBookItems.name})`), asc(priceBookItems.id))
    .limit(1000);
}

/**
 * Holds the technician's book until the transaction ends: adding items (one, or a file's) counts
 * and names them against the book as it stands, so two at once cannot both pass the limit or
 * both add the same name.
 */
export async function lockBook(tx: DbOrTx, technicianId: number) {
  await tx
    .select({ id: technicians.id })
    .from(technicians)
    .where(eq(technicians.id, technicianId))
    .for('update');
}

export function countItems(db: DbOrTx, technicianId: number) {
  return db
    .select({ n: count() })
    .from(priceBookItems)
    .where(eq(priceBookItems.technicianId, technicianId))
    .then((r) => r[0]?.n ?? 0);
}

export function findItem(db: DbOrTx, technicianId: number, id: number) {
  return db
    .select()
    .from(priceBookItems)
    .where(and(eq(priceBookItems.id, id), eq(priceBookItems.technicianId, technicianId)))
    .then((r) => r[0]);
}

export function findByName(db: DbOrTx, technicianId: number, kind: string, name: string) {
  return db
    .select()
    .from(priceBookItems)
    .where(
      and(
        eq(priceBookItems.technicianId, technicianId),
        eq(priceBookItems.kind, kind as 'labor' | 'part'),
        sql`lower(${priceBookItems.name}) = lower(${name})`,
      ),
    )
    .then((r) => r[0]);
}

export function insertItem(db: DbOrTx, technicianId: number, v: PriceBookValues) {
  return db
    .insert(priceBookItems)
    .values({ ...v, technicianId })
    .returning()
    .then((r) => r[0]!);
}

export function updateItem(db: DbOrTx, id: number, v: Partial<PriceBookValues>, now: Date) {
  return db
    .update(priceBookItems)
    .set({ ...v, updatedAt: now })
    .where(eq(priceBookItems.id, id))
    .returning()
    .then((r) => r[0]!);
}

export function deleteItem(db: DbOrTx, technicianId: number, id: number) {
  return db
    .delete(priceBookItems)
    .where(and(eq(priceBookItems.id, id), eq(priceBookItems.technicianId, technicianId)))
    .returning({ id: priceBookItems.id })
    .then((r) => r.length > 0);
}
