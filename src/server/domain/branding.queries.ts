import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { documents, technicianBranding } from '../db/schema';

export function brandingRowOf(db: DbOrTx, technicianId: number) {
  return db
    .select()
    .from(technicianBranding)
    .where(eq(technicianBranding.technicianId, technicianId))
    .then((r) => r[0]);
}

/** The technician's current logo document, when one is uploaded. */
export function currentLogoOf(db: DbOrTx, technicianId: number) {
  return db
    .select({ contentType: documents.contentType, storageKey: documents.storageKey })
    .from(technicianBranding)
    .innerJoin(documents, eq(documents.id, technicianBranding.logoDocumentId))
    .where(and(eq(technicianBranding.technicianId, technicianId), eq(documents.state, 'uploaded')))
    .then((r) => r[0]);
}
