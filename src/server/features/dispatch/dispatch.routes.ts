import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_INT4, idParamSchema } from '@shared/schemas/common';
import { declineSchema, jobNotificationSchema, leadStatusSchema } from '@shared/schemas/dispatch';
import { AppError } from '../../infra/app-error';
import { assertOwnTechnician } from '../../infra/session';
import { lastEventIdOf, registerEventStreams, streamTopic } from '../../infra/sse';
import { errorResponses } from '../../infra/route-errors';
import { createDispatchService } from './dispatch.service';

export const dispatchRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createDispatchService(app);
  registerEventStreams(app);

  app.get(
    '/api/job-notifications/technician/:id',
    {
      config: { access: 'technician' },
      schema: {
        summary: "A technician's job offers",
        operationId: 'listJobNotifications',
        tags: ['job-notifications'],
        params: idParamSchema,
        response: { 200: z.array(jobNotificationSchema), ...errorResponses },
      },
    },
    async (request) => {
      assertOwnTechnician(request.user, request.params.id);
      return service.listForTechnician(request.params.id);
    },
  );

  app.get(
    '/api/job-notifications/technician/:id/leads',
    {
      config: { access: 'technician' },
      schema: {
        summary: "A technician's leads this period",
        operationId: 'getLeadStatus',
        tags: ['job-notifications'],
        params: idParamSchema,
        response: { 200: leadStatusSchema, ...errorResponses },
      },
    },
    async (request) => {
      assertOwnTechnician(request.user, request.params.id);
      return service.leadStatus(request.params.id);
    },
  );

  app.patch(
    '/api/job-notifications/:id/accept',
    {
      config: { access: 'approved-technician' },
      schema: {
        summary: 'Accept a job offer',
        operationId: 'acceptJobNotification',
        tags: ['job-notifications'],
        params: idParamSchema,
        response: { 200: jobNotificationSchema, ...errorResponses },
      },
    },
    async (request) => service.accept(request.params.id, request.user!),
  );

  app.patch(
    '/api/job-notifications/:id/decline',
    {
      config: { access: 'approved-technician' },
      schema: {
        summary: 'Decline a job offer',
        operationId: 'declineJobNotification',
        tags: ['job-notifications'],
        params: idParamSchema,
        // The body is optional: no body declines with the default reason.
        body: z.preprocess((v) => v ?? {}, declineSchema),
        response: { 200: jobNotificationSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.decline(request.params.id, request.user!, request.body.declineReason),
  );

  /**
   * Server-Sent Events for the signed-in technician: 'notification.created' and
   * 'notification.closed'. Each event carries its id; a reconnecting client sends
   * Last-Event-ID (browsers do it themselves) and receives what it missed.
   */
  app.get(
    '/api/job-notifications/stream',
    {
      config: { access: 'technician' },
      schema: {
        summary: 'Job offers as they happen (Server-Sent Events)',
        operationId: 'streamJobNotifications',
        tags: ['job-notifications'],
        querystring: z.object({
          lastEventId: z.coerce.number().int().min(0).max(MAX_INT4).optional(),
        }),
      },
    },
    async (request, reply) => {
      const technicianId = request.user?.technicianId;
      if (technicianId == null)
        throw new AppError(403, 'Only technicians receive job notifications');
      await streamTopic(
        app,
        request,
        reply,
        { technicianId },
        lastEventIdOf(request, request.query.lastEventId),
      );
    },
  );
};
