import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  type NotificationSettings,
  type PushSubscription,
  type pushSubscriptionInputSchema,
  type updateNotificationSettingsSchema,
} from '@shared/schemas/notifications';
import type { AppConfig } from '../../config';
import type { pushSubscriptions } from '../../db/schema';
import { AppError } from '../../infra/app-error';
import type { SessionUser } from '../../infra/session';
import { toSettings } from '../../domain/technician-alerts';
import * as q from './notifications.queries';

/** A technician's devices beyond this many: the least recently used are dropped. */
export const MAX_DEVICES = 10;

const ownTechnicianId = (user: SessionUser | null) => {
  if (user?.technicianId == null)
    throw new AppError(403, 'Only technicians receive job notifications');
  return user.technicianId;
};

export const UNSUPPORTED_PUSH_SERVICE = "This browser's push service is not supported";

/**
 * Pushes go only to the browsers' push services (and, outside production, to local ones for
 * development and tests): the server never posts to an address a client made up.
 */
export function pushServiceAllowed(endpoint: string, push: AppConfig['push']): boolean {
  const url = new URL(endpoint);
  const host = url.hostname.toLowerCase();
  if (push.allowLocalEndpoints && ['127.0.0.1', 'localhost', '[::1]'].includes(host)) return true;
  if (url.protocol !== 'https:') return false;
  return push.endpointHosts.some((h) => host === h || host.endsWith(`.${h}`));
}

const subscriptionOut = (s: typeof pushSubscriptions.$inferSelect): PushSubscription => ({
  id: s.id,
  endpoint: s.endpoint,
  deviceLabel: s.deviceLabel,
  createdAt: s.createdAt.toISOString(),
  lastSuccessAt: s.lastSuccessAt?.toISOString() ?? null,
});

export function createNotificationsService(app: FastifyInstance) {
  return {
    pushConfig() {
      return { enabled: app.vapid !== null, publicKey: app.vapid?.publicKey ?? null };
    },

    async settings(user: SessionUser | null): Promise<NotificationSettings> {
      return toSettings(await q.settingsRow(app.db, ownTechnicianId(user)));
    },

    async updateSettings(
      user: SessionUser | null,
      input: z.output<typeof updateNotificationSettingsSchema>,
    ): Promise<NotificationSettings> {
      const technicianId = ownTechnicianId(user);
      const row = await q.upsertSettings(app.db, {
        technicianId,
        push: input.push,
        email: input.email,
        sms: input.sms,
        // E.164 already: the schema's phone rule (src/shared/phone.ts).
        smsPhone: input.smsPhone,
        quietHoursEnabled: input.quietHours.enabled,
        quietStart: input.quietHours.start,
        quietEnd: input.quietHours.end,
        timeZone: input.timeZone,
        invoiceReminders: input.invoiceReminders,
      });
      return toSettings(row);
    },

    async subscriptions(user: SessionUser | null) {
      return (await q.subscriptionsOf(app.db, ownTechnicianId(user))).map(subscriptionOut);
    },

    async subscribe(
      user: SessionUser | null,
      input: z.output<typeof pushSubscriptionInputSchema>,
    ): Promise<PushSubscription> {
      const technicianId = ownTechnicianId(user);
      if (!app.vapid) throw new AppError(409, 'Push notifications are not enabled on this server');
      if (!pushServiceAllowed(input.endpoint, app.config.push))
        throw new AppError(400, UNSUPPORTED_PUSH_SERVICE, [
          { path: 'endpoint', message: UNSUPPORTED_PUSH_SERVICE },
        ]);
      return app.db.transaction(async (tx) => {
        // Parallel subscriptions of one technician count their devices one after the other.
        await q.lockTechnicianDevices(tx, technicianId);
        const row = await q.upsertSubscription(tx, {
          technicianId,
          endpoint: input.endpoint,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          deviceLabel: input.deviceLabel || null,
        });
        await q.trimSubscriptions(tx, technicianId, MAX_DEVICES);
        return subscriptionOut(row);
      });
    },

    async unsubscribe(user: SessionUser | null, id: number) {
      if (!(await q.deleteSubscription(app.db, ownTechnicianId(user), id)))
        throw new AppError(404, 'Device not found');
    },
  };
}
