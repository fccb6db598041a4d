import { desc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { serviceAreaWaitlist } from '../../db/schema';

export type WaitlistRow = typeof serviceAreaWaitlist.$inferSelect;

/** Adds an address for a ZIP code, or renews its consent when it is on the list already. */
export const upsertWaitlistEntry = (db: DbOrTx, entry: Omit<WaitlistRow, 'id' | 'createdAt'>) =>
  db
    .insert(serviceAreaWaitlist)
    .values(entry)
    .onConflictDoUpdate({
      target: [serviceAreaWaitlist.email, serviceAreaWaitlist.zip],
      set: {
        place: sql`excluded.place`,
        consentText: sql`excluded.consent_text`,
        consentedAt: sql`excluded.consented_at`,
      },
    });

/** The whole list, the latest consent first. */
export const waitlistEntries = (db: DbOrTx) =>
  db
    .select()
    .from(serviceAreaWaitlist)
    .orderBy(desc(serviceAreaWaitlist.consentedAt), desc(serviceAreaWaitlist.id));
