import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  OUTBOX_CHANNELS,
  OUTBOX_STATUSES,
  type OutboxChannel,
  type OutboxStatus,
} from '@shared/schemas/notifications';
import { createdAt, id, oneOf, updatedAt } from './_helpers';
import { serviceRequests, technicians } from './marketplace';

/**
 * Every message the product sends (e-mail, SMS, Web Push), written in the transaction of the
 * change that causes it and delivered by the outbox worker (ADR 012). A message is claimed
 * (`sending`, with a lease) before its one delivery attempt, so it goes out at most once per
 * idempotency key.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    channel: text().$type<OutboxChannel>().notNull().default('email'),
    /** E-mail address, E.164 phone number, or the push subscription's endpoint. */
    toAddress: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text(),
    /** What kind of message (application_received, quote, new_job, ...), for tests and admin. */
    template: text().notNull(),
    /** Channel data: the push message and its subscription id. */
    payload: jsonb().$type<Record<string, unknown>>(),
    /** One message per key: enqueueing the same key again is a no-op. */
    idempotencyKey: text().notNull(),
    status: text().$type<OutboxStatus>().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    /** Not before this time (backoff after a failed attempt). */
    availableAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Worthless after this time (a job alert after its notification closed). */
    expiresAt: timestamp({ withTimezone: true }),
    /** While `sending`: the claim's token and when the claim lapses. */
    claimToken: text(),
    leaseUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('outbox_idempotency_key_uq').on(t.idempotencyKey),
    index('outbox_created_idx').on(t.createdAt.desc()),
    index('outbox_to_idx').on(t.toAddress),
    index('outbox_due_idx')
      .on(t.availableAt)
      .where(sql`${t.status} = 'queued'`),
    index('outbox_sending_idx')
      .on(t.leaseUntil)
      .where(sql`${t.status} = 'sending'`),
    index('outbox_status_idx').on(t.status, t.id),
    check('outbox_status_ck', oneOf(t.status, OUTBOX_STATUSES)),
    check('outbox_channel_ck', oneOf(t.channel, OUTBOX_CHANNELS)),
  ],
);

/** A technician's browser or installed app subscribed to Web Push; several per technician. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    technicianId: integer()
      .notNull()
      .references(() => technicians.id, { onDelete: 'cascade' }),
    endpoint: text().notNull(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    deviceLabel: text(),
    lastSuccessAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint),
    index('push_subscriptions_technician_idx').on(t.technicianId),
  ],
);

/** How a technician wants to be reached about new jobs. No row = the defaults. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    technicianId: integer()
      .primaryKey()
      .references(() => technicians.id, { onDelete: 'cascade' }),
    push: boolean().notNull().default(true),
    email: boolean().notNull().default(true),
    sms: boolean().notNull().default(false),
    /** E.164. */
    smsPhone: text(),
    quietHoursEnabled: boolean().notNull().default(false),
    /** 'HH:MM' in timeZone; the quiet period may wrap past midnight. */
    quietStart: text().notNull().default('21:00'),
    quietEnd: text().notNull().default('07:00'),
    timeZone: text().notNull().default('America/New_York'),
    /** Whether unpaid invoices remind the technician's customers (each invoice may opt out). */
    invoiceReminders: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('notification_settings_sms_ck', sql`not ${t.sms} or ${t.smsPhone} is not null`)],
);

/**
 * Open live streams (technicians' notification pages), shared by every app instance: dispatch
 * falls back to e-mail and SMS for a technician with none. A row is refreshed by the stream's
 * heartbeat; rows of an instance that died go stale and are ignored, then swept.
 */
export const liveStreams = pgTable(
  'live_streams',
  {
    id: text().primaryKey(),
    technicianId: integer()
      .notNull()
      .references(() => technicians.id, { onDelete: 'cascade' }),
    seenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('live_streams_technician_idx').on(t.technicianId, t.seenAt)],
);

/** Settings the app makes for itself (the generated VAPID key pair outside production). */
export const appSettings = pgTable('app_settings', {
  key: text().primaryKey(),
  value: jsonb().$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});

/**
 * The conversation on a service request between its customer and the technician holding it
 * (ADR 042): one thread per request and technician, so a technician who gives the job back
 * leaves theirs behind and the next one starts afresh. `readAt`: when the other side read it.
 */
export const requestMessages = pgTable(
  'request_messages',
  {
    id: id(),
    serviceRequestId: integer()
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    technicianId: integer()
      .notNull()
      .references(() => technicians.id, { onDelete: 'cascade' }),
    author: text().$type<'customer' | 'technician'>().notNull(),
    body: text().notNull(),
    createdAt: createdAt(),
    readAt: timestamp({ withTimezone: true }),
    /**
     * A participant reported this message of the other side's (ADR 042): when, by which side and
     * why. Admins see reported threads, and only those.
     */
    reportedAt: timestamp({ withTimezone: true }),
    reportedBy: text().$type<'customer' | 'technician'>(),
    reportReason: text(),
  },
  (t) => [
    index('request_messages_thread_idx').on(t.serviceRequestId, t.technicianId, t.id),
    index('request_messages_reported_idx')
      .on(t.reportedAt)
      .where(sql`${t.reportedAt} is not null`),
    check('request_messages_author_ck', sql`${t.author} in ('customer', 'technician')`),
    check('request_messages_body_ck', sql`char_length(${t.body}) between 1 and 2000`),
  ],
);
