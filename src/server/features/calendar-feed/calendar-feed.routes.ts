import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calendarFeedFileParamsSchema, calendarFeedSchema } from '@shared/schemas/calendar-feed';
import { AppError } from '../../infra/app-error';
import { errorResponsesFor } from '../../infra/route-errors';
import type { SessionUser } from '../../infra/session';
import { createCalendarFeedService } from './calendar-feed.service';

/** The feed's body: iCalendar text, sent as is (documented as a string). */
const icsBody = z.any().meta({ type: 'string' });

const ownTechnicianId = (user: SessionUser | null) => {
  if (user?.technicianId == null) throw new AppError(403, 'Only technicians have a calendar feed');
  return user.technicianId;
};

/** The technician's week in their own calendar app: a private, revocable iCalendar feed. */
export const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createCalendarFeedService(app);
  const tags = ['calendar-feed'];

  app.get(
    '/api/calendar-feed',
    {
      config: { access: 'technician' },
      schema: {
        summary: 'Your private calendar feed URL',
        operationId: 'getCalendarFeed',
        tags,
        description:
          'A webcal:// URL (and its https form) of an iCalendar feed of your arrival windows, the last month and the next three, in America/New_York. Anyone with the URL can read the feed: reset it to revoke.',
        response: { 200: calendarFeedSchema, ...errorResponsesFor(401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.feed(ownTechnicianId(request.user));
    },
  );

  app.post(
    '/api/calendar-feed/reset',
    {
      config: { access: 'technician' },
      schema: {
        summary: 'Reset your calendar feed URL (the old one stops working)',
        operationId: 'resetCalendarFeed',
        tags,
        response: { 200: calendarFeedSchema, ...errorResponsesFor(401, 403) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.reset(ownTechnicianId(request.user));
    },
  );

  app.get(
    '/calendar/:file',
    {
      // Public: the URL is the credential (a MAC of the technician and the feed's generation).
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        summary: 'A technician calendar feed (iCalendar)',
        operationId: 'getCalendarFeedFile',
        tags,
        params: calendarFeedFileParamsSchema,
        produces: ['text/calendar'],
        response: {
          200: icsBody,
          ...errorResponsesFor(404, 429),
        },
      },
    },
    async (request, reply) => {
      const body = await service.file(request.params.file);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(body);
    },
  );
};
