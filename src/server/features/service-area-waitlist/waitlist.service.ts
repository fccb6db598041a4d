import type { FastifyInstance } from 'fastify';
import { jurisdictionOfZip } from '@shared/constants/service-area';
import {
  WAITLIST_CONSENT_TEXT,
  WAITLIST_MESSAGES,
  type WaitlistEntry,
  type WaitlistRequest,
} from '@shared/schemas/service-area-waitlist';
import { placeZip } from '../../domain/places';
import { AppError } from '../../infra/app-error';
import { csvText } from '../../infra/csv';
import { upsertWaitlistEntry, waitlistEntries, type WaitlistRow } from './waitlist.queries';

const toEntry = (r: WaitlistRow): WaitlistEntry => ({
  id: r.id,
  email: r.email,
  place: r.place,
  zip: r.zip,
  state: r.state,
  consentText: r.consentText,
  consentedAt: r.consentedAt.toISOString(),
});

/**
 * 'Tell me when you do': people outside the service area leave an address for their place,
 * with their consent (its words and time kept); admins read and export the list.
 */
export function createWaitlistService(app: FastifyInstance) {
  return {
    /** The same answer whether the address was on the list already: it reveals nothing. */
    async join(body: WaitlistRequest) {
      const z = placeZip(body.location);
      const place = `${z.city}, ${z.state}`;
      if (jurisdictionOfZip(z.zip, z.state))
        throw new AppError(400, WAITLIST_MESSAGES.alreadyServed(place));
      await upsertWaitlistEntry(app.db, {
        email: body.email,
        place: `${place} ${z.zip}`,
        zip: z.zip,
        state: z.state,
        consentText: WAITLIST_CONSENT_TEXT,
        consentedAt: app.clock(),
      });
      return { message: WAITLIST_MESSAGES.saved(body.email, place) };
    },

    list: async () => (await waitlistEntries(app.db)).map(toEntry),

    async csv() {
      const rows = await waitlistEntries(app.db);
      return csvText(
        ['Email', 'Place', 'ZIP', 'State', 'Consent', 'Consented at (UTC)'],
        rows.map((r) => [
          r.email,
          r.place,
          r.zip,
          r.state,
          r.consentText,
          r.consentedAt.toISOString(),
        ]),
      );
    },
  };
}
