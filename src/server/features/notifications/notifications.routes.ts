import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '@shared/schemas/common';
import {
  notificationSettingsSchema,
  pushConfigSchema,
  pushSubscriptionInputSchema,
  pushSubscriptionSchema,
  updateNotificationSettingsSchema,
} from '@shared/schemas/notifications';
import { errorResponses, errorResponsesFor } from '../../infra/route-errors';
import { createNotificationsService } from './notifications.service';

const tags = ['notifications'];

/**
 * How technicians are reached about new jobs with the page closed: Web Push subscriptions per
 * device and their channel choices and quiet hours (ADR 012).
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createNotificationsService(app);

  // The VAPID public key is public by design: browsers need it to subscribe.
  app.get(
    '/api/push/config',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Web Push public key',
        operationId: 'getPushConfig',
        tags,
        response: { 200: pushConfigSchema },
      },
    },
    async () => service.pushConfig(),
  );

  app.get(
    '/api/push/subscriptions',
    {
      config: { access: 'approved-technician' },
      schema: {
        summary: 'Your Web Push subscriptions',
        operationId: 'listPushSubscriptions',
        tags,
        response: { 200: z.array(pushSubscriptionSchema), ...errorResponses },
      },
    },
    async (request) => service.subscriptions(request.user),
  );

  app.post(
    '/api/push/subscriptions',
    {
      config: { access: 'approved-technician', rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        summary: 'Subscribe this browser to Web Push',
        operationId: 'createPushSubscription',
        tags,
        body: pushSubscriptionInputSchema,
        response: { 201: pushSubscriptionSchema, ...errorResponses, ...errorResponsesFor(429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.subscribe(request.user, request.body)),
  );

  app.delete(
    '/api/push/subscriptions/:id',
    {
      config: { access: 'approved-technician' },
      schema: {
        summary: 'Remove a Web Push subscription',
        operationId: 'deletePushSubscription',
        tags,
        params: idParamSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await service.unsubscribe(request.user, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/technicians/me/notification-settings',
    {
      config: { access: 'approved-technician' },
      schema: {
        summary: 'Your notification settings',
        operationId: 'getNotificationSettings',
        tags,
        response: { 200: notificationSettingsSchema, ...errorResponses },
      },
    },
    async (request) => service.settings(request.user),
  );

  app.put(
    '/api/technicians/me/notification-settings',
    {
      config: { access: 'approved-technician' },
      schema: {
        summary: 'Update your notification settings',
        operationId: 'updateNotificationSettings',
        tags,
        body: updateNotificationSettingsSchema,
        response: { 200: notificationSettingsSchema, ...errorResponses },
      },
    },
    async (request) => service.updateSettings(request.user, request.body),
  );
};
