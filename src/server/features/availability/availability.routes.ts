import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, messageResponseSchema } from '@shared/schemas/common';
import {
  areaAvailabilityQuerySchema,
  areaAvailabilitySchema,
  availabilityQuerySchema,
  scheduleResponseSchema,
  scheduleSchema,
  technicianAvailabilitySchema,
  timeOffInputSchema,
  timeOffSchema,
} from '@shared/schemas/availability';
import { AppError } from '../../infra/app-error';
import { errorResponses, errorResponsesFor } from '../../infra/route-errors';
import type { SessionUser } from '../../infra/session';
import { createAvailabilityService } from './availability.service';

const ownTechnicianId = (user: SessionUser | null) => {
  if (user?.technicianId == null) throw new AppError(403, 'Only technicians have working hours');
  return user.technicianId;
};
const WINDOWS_NOTE =
  'Two-hour arrival windows on the service area’s clock (America/New_York), as ISO times, at most 14 days ahead and at least an hour from now.';

/** Working hours, time off and free arrival windows (ADR 043). */
export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAvailabilityService(app);
  const tags = ['availability'];
  const own = { access: 'technician' as const };
  // Public and computed per request: limited like the other public lookups.
  const publicLookup = {
    access: 'public' as const,
    rateLimit: { max: 60, timeWindow: '1 minute' },
  };

  app.get(
    '/api/technicians/:id/availability',
    {
      config: publicLookup,
      schema: {
        summary: 'A technician’s free arrival windows',
        operationId: 'getTechnicianAvailability',
        tags,
        description: `${WINDOWS_NOTE} \`from\` and \`to\` (ISO) narrow the range (default: the next seven days). Windows only: no job details.`,
        params: idParamSchema,
        querystring: availabilityQuerySchema,
        response: { 200: technicianAvailabilitySchema, ...errorResponsesFor(400, 404, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.ofTechnician(request.params.id, request.query.from, request.query.to);
    },
  );

  app.get(
    '/api/availability',
    {
      config: publicLookup,
      schema: {
        summary: 'Free arrival windows near a place, for a service',
        operationId: 'getAreaAvailability',
        tags,
        description: `The windows at least one of the nearest qualified technicians (up to 25) is free in over the next seven days, with how many are. ${WINDOWS_NOTE} 400 for a place unknown or outside the service area.`,
        querystring: areaAvailabilityQuerySchema,
        response: { 200: areaAvailabilitySchema, ...errorResponsesFor(400, 429) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.nearPlace(request.query.serviceType, request.query.location);
    },
  );

  app.get(
    '/api/availability/schedule',
    {
      config: own,
      schema: {
        summary: 'Your working week',
        operationId: 'getSchedule',
        tags,
        response: { 200: scheduleResponseSchema, ...errorResponsesFor(401, 403) },
      },
    },
    async (request) => service.schedule(ownTechnicianId(request.user)),
  );

  app.put(
    '/api/availability/schedule',
    {
      config: own,
      schema: {
        summary: 'Set your working hours per weekday, travel buffer and jobs a day',
        operationId: 'saveSchedule',
        tags,
        body: scheduleSchema,
        response: { 200: scheduleResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.saveSchedule(ownTechnicianId(request.user), request.body),
  );

  app.get(
    '/api/availability/time-off',
    {
      config: own,
      schema: {
        summary: 'Your time off that has not ended',
        operationId: 'listTimeOff',
        tags,
        response: { 200: z.array(timeOffSchema), ...errorResponsesFor(401, 403) },
      },
    },
    async (request) => service.timeOff(ownTechnicianId(request.user)),
  );

  app.post(
    '/api/availability/time-off',
    {
      config: own,
      schema: {
        summary: 'Add time off (no window touching it is offered)',
        operationId: 'addTimeOff',
        tags,
        body: timeOffInputSchema,
        response: { 201: timeOffSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.addTimeOff(ownTechnicianId(request.user), request.body)),
  );

  app.delete(
    '/api/availability/time-off/:id',
    {
      config: own,
      schema: {
        summary: 'Remove time off',
        operationId: 'removeTimeOff',
        tags,
        params: idParamSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.removeTimeOff(ownTechnicianId(request.user), request.params.id),
  );
};
