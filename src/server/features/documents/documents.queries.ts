import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { documents } from '../../db/schema';

export function findDocument(db: DbOrTx, id: number) {
  return db
    .select()
    .from(documents)
    .where(eq(documents.id, id))
    .limit(1)
    .then((r) => r[0]);
}

export function insertDocument(db: DbOrTx, values: typeof documents.$inferInsert) {
  return db
    .insert(documents)
    .values(values)
    .returning()
    .then((r) => r[0]!);
}

/** Marks an awaiting document uploaded; undefined when another upload got there first. */
export function markUploaded(
  db: DbOrTx,
  id: number,
  file: { sizeBytes: number; contentType: string; uploadedAt: Date },
) {
  return db
    .update(documents)
    .set({ state: 'uploaded', ...file })
    .where(and(eq(documents.id, id), eq(documents.state, 'awaiting_upload')))
    .returning({ id: documents.id })
    .then((r) => r[0]);
}
