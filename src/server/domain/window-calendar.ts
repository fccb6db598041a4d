import type { FastifyInstance } from 'fastify';
import { BRAND } from '@shared/brand';
import { formatReference } from '@shared/service-request-rules';
import { formatWindow } from '@shared/service-time';
import { calendarFile } from '../infra/ics';
import type { AttachmentRef } from '../infra/outbox';
import { AttachmentGone } from '../infra/outbox';
import { publicBaseUrl } from '../infra/public-url';
import type { DbOrTx } from '../db/client';
import { serviceRequestById } from './request-access.queries';
import type { ServiceRequestRow } from './request-timeline';
import { requestPageUrl } from './request-links';

/**
 * The confirmed arrival window of a request as a calendar event (.ics): attached to the
 * confirmation e-mail and downloadable from the request's page. One UID per request, so a
 * new window replaces the old one in the customer's calendar.
 */
export const WINDOW_ATTACHMENT = 'arrival-window';

export const windowFilename = (id: number) => `${formatReference(id)}-arrival.ics`;

export const windowAttachment = (id: number): AttachmentRef => ({
  kind: WINDOW_ATTACHMENT,
  id,
  filename: windowFilename(id),
  contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
});

/** The .ics of the request's confirmed window, or null when none is confirmed. */
export function windowCalendar(app: FastifyInstance, r: ServiceRequestRow): string | null {
  if (!r.windowStart || !r.windowEnd || !r.windowConfirmedAt) return null;
  const host = new URL(publicBaseUrl(app.config)).hostname;
  const link = requestPageUrl(app.config, r.id);
  return calendarFile(
    {
      uid: `arrival-window-${r.id}@${host}`,
      stamp: app.clock(),
      start: r.windowStart,
      end: r.windowEnd,
      summary: `${BRAND.name}: ${r.serviceType} (${formatReference(r.id)})`,
      location: r.location,
      description: `Your technician arrives ${formatWindow(r.windowStart, r.windowEnd)}.\nYour request: ${link}`,
      url: link,
    },
    `-//${BRAND.name}//Arrival window//EN`,
  );
}

/** The renderer of the confirmation e-mail's .ics, from the request as it is at delivery. */
export async function renderWindowAttachment(app: FastifyInstance, db: DbOrTx, id: number) {
  const r = await serviceRequestById(db, id);
  const ics = r ? windowCalendar(app, r) : null;
  if (!ics) throw new AttachmentGone(`Request ${formatReference(id)} has no confirmed window`);
  return new TextEncoder().encode(ics);
}
