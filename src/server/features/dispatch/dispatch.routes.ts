import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_INT4, idParamSchema } from '../../../shared/schemas/common';
import { declineSchema, jobNotificationSchema } from '../../../shared/schemas/dispatch';
import { AppError } from '../../lib/app-error';
import { assertOwnTechnician } from '../../lib/session';
import type { RealtimeEvent } from '../../plugins/realtime';
import { errorResponses } from '../../lib/route-errors';
import type { DispatchService } from './dispatch.service';

const HEARTBEAT_MS = 25_000;

export const dispatchRoutes: FastifyPluginAsyncZod<{ service: DispatchService }> = async (
  app,
  { service },
) => {
  // Open streams, ended when the app closes so shutdown does not wait on them.
  const streams = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of streams) end();
  });

  app.get(
    '/api/job-notifications/technician/:id',
    {
      config: { access: 'technician' },
      schema: {
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

  app.patch(
    '/api/job-notifications/:id/accept',
    {
      config: { access: 'approved-technician' },
      schema: {
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
      const header = Number(request.headers['last-event-id']);
      const lastEventId =
        Number.isInteger(header) && header >= 0 && header <= MAX_INT4
          ? header
          : request.query.lastEventId;

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      let lastSent = lastEventId ?? 0;
      const send = (e: RealtimeEvent) => {
        if (e.id <= lastSent) return;
        lastSent = e.id;
        res.write(
          `id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify({ id: e.id, ...e.payload })}\n\n`,
        );
      };
      // Subscribe first, then replay, so nothing falls between the two.
      const buffered: RealtimeEvent[] = [];
      let replaying = true;
      const unsubscribe = app.realtime.subscribe(technicianId, (e) =>
        replaying ? buffered.push(e) : send(e),
      );
      res.write(`retry: 3000\n\n`);
      if (lastEventId !== undefined) {
        for (const e of await app.realtime.since(technicianId, lastEventId)) send(e);
      }
      replaying = false;
      buffered.sort((a, b) => a.id - b.id).forEach(send);
      res.write(`event: ready\ndata: {}\n\n`);

      const heartbeat = setInterval(() => res.write(`: keep-alive\n\n`), HEARTBEAT_MS);
      const cleanup = () => {
        clearInterval(heartbeat);
        unsubscribe();
        streams.delete(end);
      };
      const end = () => {
        cleanup();
        res.end();
      };
      streams.add(end);
      request.raw.on('close', cleanup);
    },
  );
};
