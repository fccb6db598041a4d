import { z } from 'zod';
import { URGENCIES } from '../constants/service-types';
import { pageNumber, safeText } from './common';
import { optionalPhoneSchema } from './phone';
import { SERVICE_TIME_ZONE } from '../service-time';

/** Where a technician can be reached with the page closed (besides the live stream). */
export const NOTIFICATION_CHANNELS = ['push', 'email', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** GET /api/push/config: whether Web Push is on and the VAPID public key to subscribe with. */
export const pushConfigSchema = z.object({
  enabled: z.boolean(),
  publicKey: z.string().nullable(),
});
export type PushConfig = z.output<typeof pushConfigSchema>;

const base64url = (what: string, min: number, max: number) =>
  z
    .string({ error: `${what} is required` })
    .min(min, `${what} is not a valid key`)
    .max(max, `${what} is not a valid key`)
    .regex(/^[A-Za-z0-9_-]+=*$/, `${what} is not a valid key`);

/** POST /api/push/subscriptions: the browser's `PushSubscription.toJSON()`, plus a device label. */
export const pushSubscriptionInputSchema = z.object({
  endpoint: safeText({ error: 'endpoint is required' })
    .max(2048, 'endpoint must be at most 2048 characters')
    // Push services hand out plain ASCII URLs; other characters could outgrow the unique
    // index's row (a 2048-character string of 3-byte characters).
    .regex(/^[\x21-\x7e]+$/, 'endpoint must be an http(s) URL')
    .refine((v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'https:' || u.protocol === 'http:';
      } catch {
        return false;
      }
    }, 'endpoint must be an http(s) URL'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    // An uncompressed P-256 point (65 bytes) and a 16-byte secret, base64url.
    p256dh: base64url('keys.p256dh', 80, 100),
    auth: base64url('keys.auth', 16, 32),
  }),
  deviceLabel: safeText().trim().max(100).optional(),
});
export type PushSubscriptionInput = z.input<typeof pushSubscriptionInputSchema>;

export const pushSubscriptionSchema = z.object({
  id: z.number().int(),
  endpoint: z.string(),
  deviceLabel: z.string().nullable(),
  createdAt: z.string(),
  lastSuccessAt: z.string().nullable(),
});
export type PushSubscription = z.output<typeof pushSubscriptionSchema>;

export const QUIET_TIME_MESSAGE = 'Use a time like 21:00';
const clockTime = z.string({ error: QUIET_TIME_MESSAGE }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, {
  message: QUIET_TIME_MESSAGE,
});

export const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/** GET /api/technicians/me/notification-settings. */
export const notificationSettingsSchema = z.object({
  push: z.boolean(),
  email: z.boolean(),
  sms: z.boolean(),
  /** E.164, e.g. +12025550142; SMS needs one. */
  smsPhone: z.string().nullable(),
  quietHours: z.object({ enabled: z.boolean(), start: z.string(), end: z.string() }),
  timeZone: z.string(),
  /** Whether unpaid invoices remind the technician's customers (each invoice may opt out too). */
  invoiceReminders: z.boolean(),
});
export type NotificationSettings = z.output<typeof notificationSettingsSchema>;

export const SMS_PHONE_REQUIRED = 'Add a mobile phone number to receive SMS';

/**
 * PUT /api/technicians/me/notification-settings. The phone may be typed any way: a US number,
 * stored in E.164 (the phone rule, src/shared/phone.ts).
 */
export const updateNotificationSettingsSchema = z
  .object({
    push: z.boolean(),
    email: z.boolean(),
    sms: z.boolean(),
    smsPhone: optionalPhoneSchema(),
    quietHours: z.object({ enabled: z.boolean(), start: clockTime, end: clockTime }),
    timeZone: safeText()
      .trim()
      .max(64)
      .refine(isTimeZone, 'Unknown time zone')
      // Stored as the zone's canonical name ('america/chicago', 'US/Central' -> America/Chicago).
      .transform(
        (tz) => new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone,
      )
      .default(SERVICE_TIME_ZONE),
    /** Left out (a client that does not know it), the stored choice stays. */
    invoiceReminders: z.boolean().optional(),
  })
  .refine((s) => !s.sms || s.smsPhone, { message: SMS_PHONE_REQUIRED, path: ['smsPhone'] });
export type UpdateNotificationSettings = z.input<typeof updateNotificationSettingsSchema>;

/**
 * What the service worker receives in a push. A `job` shows a notification tagged
 * `job-<notificationId>` with Accept / View; a `withdraw` replaces the notification with the
 * same tag (the job was taken, closed or expired).
 */
export const jobPushSchema = z.object({
  kind: z.literal('job'),
  tag: z.string(),
  notificationId: z.number().int(),
  title: z.string(),
  body: z.string(),
  /** Opened on tap: the job's notification on /technician-notifications. */
  url: z.string(),
  serviceType: z.string(),
  urgency: z.enum(URGENCIES),
  distanceMiles: z.number().nullable(),
  /** ISO time the notification expires. */
  deadline: z.string(),
  /** PATCH target for the Accept action (the same atomic endpoint as the page's button). */
  acceptUrl: z.string(),
});
export const withdrawPushSchema = z.object({
  kind: z.literal('withdraw'),
  tag: z.string(),
  notificationId: z.number().int(),
  title: z.string(),
  body: z.string(),
  url: z.string(),
});
/** News about one of the technician's jobs (the customer confirmed or declined a window). */
export const noticePushSchema = z.object({
  kind: z.literal('notice'),
  tag: z.string(),
  title: z.string(),
  body: z.string(),
  /** Opened on tap: the job's page. */
  url: z.string(),
});
export const pushMessageSchema = z.discriminatedUnion('kind', [
  jobPushSchema,
  withdrawPushSchema,
  noticePushSchema,
]);
export type PushMessage = z.output<typeof pushMessageSchema>;

/** The notification's tag: a later push with the same tag replaces it. */
export const jobPushTag = (notificationId: number) => `job-${notificationId}`;

/** Admin view of the outbox. */
export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed', 'held', 'canceled'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export const OUTBOX_CHANNELS = ['email', 'sms', 'push'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

export const outboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(OUTBOX_CHANNELS),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  availableAt: z.string(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMessage = z.output<typeof outboxMessageSchema>;

export const outboxQuerySchema = z.object({
  status: z.enum(OUTBOX_STATUSES).optional(),
  channel: z.enum(OUTBOX_CHANNELS).optional(),
  page: pageNumber(),
});
export const outboxPageSchema = z.object({
  items: z.array(outboxMessageSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Counts per status over the whole outbox. */
  counts: z.record(z.string(), z.number().int()),
});
