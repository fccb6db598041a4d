import { z } from 'zod';

/** GET /api/calendar-feed: the signed-in technician's private calendar feed. */
export const calendarFeedSchema = z.object({
  /** For calendar apps: 'webcal://…/calendar/{id}-{token}.ics'. */
  url: z.string(),
  /** The same feed over https (Google Calendar's 'From URL' takes either). */
  httpUrl: z.string(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const calendarFeedFileParamsSchema = z.object({
  file: z.string().max(80),
});
