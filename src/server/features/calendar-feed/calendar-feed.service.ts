import type { FastifyInstance } from 'fastify';
import { BRAND } from '@shared/brand';
import { formatReference } from '@shared/service-request-rules';
import { myJobPath } from '@shared/paths';
import { AppError } from '../../infra/app-error';
import { calendarOf, type CalendarEvent } from '../../infra/ics';
import { macMatches, macOf } from '../../infra/mac';
import { publicBaseUrl } from '../../infra/public-url';
import * as q from './calendar-feed.queries';

const DAY_MS = 86_400_000;
/** What the feed holds: the last month's windows and the next three months'. */
const PAST_DAYS = 31;
const FUTURE_DAYS = 92;
export const FEED_NOT_FOUND = 'Calendar feed not found';

/**
 * A technician's private calendar feed (webcal): their arrival windows as iCalendar events in
 * America/New_York, for Google or Apple Calendar to subscribe to. The URL is the credential: a
 * MAC of the technician and the feed's generation under the session secret (nothing secret is
 * stored); resetting the link moves the generation on, so every earlier URL answers 404.
 */
export function createCalendarFeedService(app: FastifyInstance) {
  const feedText = (technicianId: number, generation: number) =>
    `calendar-feed:${technicianId}:${generation}`;
  const mac = (technicianId: number, generation: number) =>
    macOf(app.config.sessionSecret, feedText(technicianId, generation));
  const fileName = (technicianId: number, generation: number) =>
    `${technicianId}-${mac(technicianId, generation)}.ics`;
  const urls = (technicianId: number, generation: number) => {
    const https = `${publicBaseUrl(app.config)}/calendar/${fileName(technicianId, generation)}`;
    return { url: https.replace(/^https?:/, 'webcal:'), httpUrl: https };
  };

  return {
    /** The signed-in technician's feed URLs (the feed is made on first ask). */
    async feed(technicianId: number) {
      return urls(technicianId, await q.feedGeneration(app.db, technicianId));
    },

    /** A new link; the old one stops working at once. */
    async reset(technicianId: number) {
      return urls(technicianId, await q.nextGeneration(app.db, technicianId));
    },

    /** The feed's iCalendar text for `file` ('12-<mac>.ics'); 404 for any other. */
    async file(file: string): Promise<string> {
      const m = /^(\d{1,10})-([\w-]{43})\.ics$/.exec(file);
      const technicianId = m ? Number(m[1]) : NaN;
      if (!m || !Number.isSafeInteger(technicianId) || technicianId > 2_147_483_647)
        throw new AppError(404, FEED_NOT_FOUND);
      const generation = await q.existingGeneration(app.db, technicianId);
      if (
        !generation ||
        !macMatches(app.config.sessionSecret, feedText(technicianId, generation), m[2])
      )
        throw new AppError(404, FEED_NOT_FOUND);
      const now = app.clock();
      const rows = await q.windowsOf(
        app.db,
        technicianId,
        new Date(now.getTime() - PAST_DAYS * DAY_MS),
        new Date(now.getTime() + FUTURE_DAYS * DAY_MS),
      );
      const base = publicBaseUrl(app.config);
      const events: CalendarEvent[] = rows.map((r) => {
        const reference = formatReference(r.id);
        return {
          uid: `window-${r.id}@${new URL(base).hostname}`,
          stamp: now,
          start: r.windowStart!,
          end: r.windowEnd!,
          summary: `${r.serviceType} · ${reference}${r.windowConfirmedAt ? '' : ' (proposed)'}`,
          location: r.location,
          description: `${reference} on ${BRAND.name}: ${base}${myJobPath(reference)}`,
          url: `${base}${myJobPath(reference)}`,
          status: r.windowConfirmedAt ? 'confirmed' : 'tentative',
        };
      });
      return calendarOf(events, `-//${BRAND.name}//Technician calendar//EN`, `${BRAND.name} jobs`);
    },
  };
}
