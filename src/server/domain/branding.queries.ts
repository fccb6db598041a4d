import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { technicianBranding } from '../db/schema';

export function brandingRowOf(db: DbOrTx, technicianId: number) {
  return db
    .select()
    .from(technicianBranding)
    .where(eq(technicianBranding.technicianId, technicianId))
    .then((r) => r[0]);
}
