import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { documents, technicianBranding, technicians } from '../../db/schema';

export type BrandingValues = Partial<
  Pick<
    typeof technicianBranding.$inferInsert,
    'businessName' | 'logoDocumentId' | 'accentColor' | 'footerText'
  >
>;

/** Writes the given fields (the others stay) in one statement: two saves cannot interleave. */
export async function upsertBranding(db: DbOrTx, technicianId: number, values: BrandingValues) {
  await db
    .insert(technicianBranding)
    .values({ technicianId, ...values })
    .onConflictDoUpdate({
      target: technicianBranding.technicianId,
      set: { ...values, updatedAt: new Date() },
    });
}

export async function ownerUserIdOf(db: DbOrTx, technicianId: number) {
  const [row] = await db
    .select({ userId: technicians.userId })
    .from(technicians)
    .where(eq(technicians.id, technicianId));
  return row?.userId;
}

export async function findDocument(db: DbOrTx, id: number) {
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  return row;
}

/** The technician's current logo, when `documentId` is it and it is uploaded. */
export async function currentLogo(db: DbOrTx, technicianId: number, documentId: number) {
  const [row] = await db
    .select({ doc: documents })
    .from(technicianBranding)
    .innerJoin(documents, eq(documents.id, technicianBranding.logoDocumentId))
    .where(
      and(
        eq(technicianBranding.technicianId, technicianId),
        eq(technicianBranding.logoDocumentId, documentId),
        eq(documents.state, 'uploaded'),
      ),
    );
  return row?.doc;
}
