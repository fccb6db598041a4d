import type { FastifyInstance } from 'fastify';
import { BRAND } from '@shared/brand';
import { URGENCY_LABELS, type Urgency } from '@shared/constants/service-types';
import { PATHS, jobNotificationPath } from '@shared/paths';
import { inQuietHours, quietUntil } from '@shared/quiet-hours';
import {
  jobPushTag,
  type NotificationSettings,
  type PushMessage,
} from '@shared/schemas/notifications';
import type { DbOrTx } from '../db/client';
import type { notificationSettings } from '../db/schema';
import {
  notificationWithJob,
  pushSubscriptionsOf,
  sentMessageKeys,
  sentOrUntriedMessage,
  technicianContacts,
} from './technician-alerts.queries';
import { composeMail } from '../infra/mailer';
import type { OutboxInput, OutboxRow } from '../infra/outbox';
import type { PushPayload } from '../infra/outbox/push';
import { areaOf } from './places';
import { liveTechnicians } from '../infra/presence';
import { publicBaseUrl } from '../infra/public-url';
import { SERVICE_TIME_ZONE } from '@shared/service-time';

/**
 * Reaching technicians about a new job with the page closed (ADR 012): a Web Push to each of
 * their devices; an e-mail (and an SMS when they chose it) when they have no live stream and no
 * push subscription, or when the push fails. Their channel choices and quiet hours apply. Every
 * message is queued in the dispatch transaction and keyed by the notification, so it goes out
 * once; when the notification ends, what is still queued is canceled and sent pushes are
 * replaced (same tag).
 */

export const DEFAULT_SETTINGS: NotificationSettings = {
  push: true,
  email: true,
  sms: false,
  smsPhone: null,
  quietHours: { enabled: false, start: '21:00', end: '07:00' },
  timeZone: SERVICE_TIME_ZONE,
  invoiceReminders: true,
};

type SettingsRow = typeof notificationSettings.$inferSelect;
export const toSettings = (row: SettingsRow | null | undefined): NotificationSettings =>
  row
    ? {
        push: row.push,
        email: row.email,
        sms: row.sms,
        smsPhone: row.smsPhone,
        quietHours: { enabled: row.quietHoursEnabled, start: row.quietStart, end: row.quietEnd },
        timeZone: row.timeZone,
        invoiceReminders: row.invoiceReminders,
      }
    : DEFAULT_SETTINGS;

export const isQuiet = (s: NotificationSettings, at: Date) =>
  inQuietHours({ ...s.quietHours, timeZone: s.timeZone }, at);

type Job = {
  notificationId: number;
  technicianId: number;
  distanceMiles: number | null;
  expiresAt: Date;
  serviceType: string;
  urgency: Urgency;
  location: string;
  /** Offered to this technician alone: no race to be first. */
  exclusive: boolean;
};

type Recipient = {
  technicianId: number;
  email: string;
  firstName: string;
  settings: NotificationSettings;
};

const keys = {
  push: (n: number, sub: number) => `new_job:${n}:push:${sub}`,
  email: (n: number) => `new_job:${n}:email`,
  sms: (n: number) => `new_job:${n}:sms`,
  withdraw: (n: number, sub: number) => `withdraw:${n}:push:${sub}`,
};

const miles = (d: number | null) => (d === null ? null : `${d.toFixed(1)} miles away`);

function deadlineText(at: Date, timeZone: string) {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(at);
}

async function recipients(db: DbOrTx, ids: number[]): Promise<Map<number, Recipient>> {
  if (ids.length === 0) return new Map();
  const rows = await technicianContacts(db, ids);
  return new Map(
    rows.map((r) => [
      r.id,
      { technicianId: r.id, email: r.email, firstName: r.firstName, settings: toSettings(r.s) },
    ]),
  );
}

async function subscriptionsOf(db: DbOrTx, ids: number[]) {
  const map = new Map<number, number[]>();
  if (ids.length === 0) return map;
  const rows = await pushSubscriptionsOf(db, ids);
  for (const r of rows) map.set(r.technicianId, [...(map.get(r.technicianId) ?? []), r.id]);
  return map;
}

function jobPush(job: Job, timeZone: string): PushMessage {
  const parts = [
    miles(job.distanceMiles),
    URGENCY_LABELS[job.urgency],
    `respond by ${deadlineText(job.expiresAt, timeZone)}`,
  ].filter(Boolean);
  return {
    kind: 'job',
    tag: jobPushTag(job.notificationId),
    notificationId: job.notificationId,
    title: `New job: ${job.serviceType}`,
    body: `${job.location} · ${parts.join(' · ')}`,
    url: jobNotificationPath(job.notificationId),
    serviceType: job.serviceType,
    urgency: job.urgency,
    distanceMiles: job.distanceMiles,
    deadline: job.expiresAt.toISOString(),
    acceptUrl: `/api/job-notifications/${job.notificationId}/accept`,
  };
}

/** The e-mail and SMS sent instead of (or after a failed) push. */
function fallbackMessages(app: FastifyInstance, job: Job, r: Recipient): OutboxInput[] {
  const s = r.settings;
  const base = publicBaseUrl(app.config);
  const link = `${base}${jobNotificationPath(job.notificationId)}`;
  const by = deadlineText(job.expiresAt, s.timeZone);
  const distance = miles(job.distanceMiles);
  const out: OutboxInput[] = [];
  if (s.email)
    out.push({
      channel: 'email',
      to: r.email,
      template: 'new_job',
      key: keys.email(job.notificationId),
      expiresAt: job.expiresAt,
      subject: `New ${job.serviceType} job in ${job.location}: respond by ${by}`,
      ...composeMail([
        `Hi ${r.firstName},`,
        `A customer in ${job.location} needs ${job.serviceType}${distance ? `, ${distance} from your base` : ''}. Urgency: ${URGENCY_LABELS[job.urgency]}.`,
        job.exclusive
          ? `The customer chose you from your profile: this request is offered to you alone until ${by}. If you pass or don't answer by then, it goes to other technicians nearby:\n${link}`
          : `The first technician to accept gets the job. This request closes for you at ${by}:\n${link}`,
        `You get this e-mail because your job notifications page is not open and push notifications did not reach you. Choose how ${BRAND.name} reaches you in your profile: ${base}${PATHS.technicianProfile}`,
      ]),
    });
  if (s.sms && s.smsPhone)
    out.push({
      channel: 'sms',
      to: s.smsPhone,
      template: 'new_job',
      key: keys.sms(job.notificationId),
      expiresAt: job.expiresAt,
      subject: `New ${job.serviceType} job`,
      text: `${BRAND.name}: ${job.exclusive ? 'a customer chose you for a' : 'new'} ${job.serviceType} job in ${job.location}${job.distanceMiles !== null ? ` (${job.distanceMiles.toFixed(1)} mi)` : ''}, ${URGENCY_LABELS[job.urgency]}. Respond by ${by}: ${link}`,
    });
  return out;
}

/**
 * Alerts the technicians just notified of a job. In the dispatch transaction: the messages
 * leave once it commits.
 */
export async function alertTechnicians(
  app: FastifyInstance,
  tx: DbOrTx,
  request: { serviceType: string; urgency: Urgency; location: string },
  /** The offer is this technician's alone (the customer chose them from their profile). */
  exclusive: boolean,
  notifications: {
    id: number;
    technicianId: number;
    distanceMiles: number | null;
    expiresAt: Date;
  }[],
) {
  if (notifications.length === 0) return;
  const now = app.clock();
  const ids = notifications.map((n) => n.technicianId);
  // One after the other: a transaction is one connection.
  const people = await recipients(tx, ids);
  const subs = app.vapid ? await subscriptionsOf(tx, ids) : new Map<number, number[]>();
  const live = await liveTechnicians(tx, ids, now);
  const messages: OutboxInput[] = [];
  for (const n of notifications) {
    const r = people.get(n.technicianId);
    if (!r || isQuiet(r.settings, now)) continue;
    // Before anyone accepts: the area and the kind of job, nothing personal (ADR 027).
    const job: Job = {
      serviceType: request.serviceType,
      urgency: request.urgency,
      location: areaOf(request.location),
      notificationId: n.id,
      technicianId: n.technicianId,
      distanceMiles: n.distanceMiles,
      expiresAt: n.expiresAt,
      exclusive,
    };
    const devices = r.settings.push ? (subs.get(n.technicianId) ?? []) : [];
    const message = jobPush(job, r.settings.timeZone);
    for (const subscriptionId of devices)
      messages.push({
        channel: 'push',
        to: `subscription:${subscriptionId}`,
        template: 'new_job',
        key: keys.push(n.id, subscriptionId),
        expiresAt: n.expiresAt,
        subject: message.title,
        text: message.body,
        payload: {
          subscriptionId,
          message,
          urgency: 'high',
          topic: message.tag,
        } satisfies PushPayload,
      });
    if (devices.length === 0 && !live.has(n.technicianId))
      messages.push(...fallbackMessages(app, job, r));
  }
  await app.outbox.enqueue(tx, messages);
}

/** A job push that did not arrive: e-mail/SMS at once, unless another device got it. */
export async function fallBackAfterFailedPush(app: FastifyInstance, row: OutboxRow) {
  if (row.channel !== 'push' || row.template !== 'new_job') return;
  const notificationId = (row.payload as { message?: { notificationId?: number } } | null)?.message
    ?.notificationId;
  if (!notificationId) return;
  const now = app.clock();
  await app.db.transaction(async (tx) => {
    const n = await notificationWithJob(tx, notificationId);
    if (!n || n.status !== 'pending' || n.expiresAt <= now) return;
    const subs = (await subscriptionsOf(tx, [n.technicianId])).get(n.technicianId) ?? [];
    // Another device got it, or may still: it is sent, being sent, or not tried yet. A sibling
    // that fails later runs this again (after its own result is recorded), so one of the two
    // always sees both outcomes.
    const siblings = subs
      .map((s) => keys.push(n.id, s))
      .filter((key) => key !== row.idempotencyKey);
    const pending = siblings.length ? await sentOrUntriedMessage(tx, siblings) : [];
    if (pending.length) return;
    if ((await liveTechnicians(tx, [n.technicianId], now)).has(n.technicianId)) return;
    const r = (await recipients(tx, [n.technicianId])).get(n.technicianId);
    if (!r || isQuiet(r.settings, now)) return;
    await app.outbox.enqueue(
      tx,
      fallbackMessages(
        app,
        // Round 0 is the exclusive offer to the technician the customer chose.
        { ...n, location: areaOf(n.location), notificationId: n.id, exclusive: n.round === 0 },
        r,
      ),
    );
  });
}

const WITHDRAWN: Record<string, { title: string; body: string }> = {
  accepted: { title: 'Job accepted', body: 'You accepted this job.' },
  declined: { title: 'Job declined', body: 'You declined this job.' },
  accepted_by_another: {
    title: 'Job no longer available',
    body: 'Another technician accepted this job.',
  },
  expired: { title: 'Job no longer available', body: 'This job request expired.' },
  canceled: { title: 'Job no longer available', body: 'The customer canceled this request.' },
};

/**
 * A notification ended (accepted, declined, expired, closed): its alerts still queued are
 * canceled, and each device that got the push gets a replacement with the same tag.
 */
export async function withdrawAlerts(
  app: FastifyInstance,
  tx: DbOrTx,
  ended: { id: number; technicianId: number }[],
  reason: string,
) {
  if (ended.length === 0) return;
  const subs = await subscriptionsOf(tx, [...new Set(ended.map((n) => n.technicianId))]);
  const allKeys = ended.flatMap((n) => [
    keys.email(n.id),
    keys.sms(n.id),
    ...(subs.get(n.technicianId) ?? []).map((s) => keys.push(n.id, s)),
  ]);
  await app.outbox.cancel(tx, allKeys, `Notification ${reason.replace(/_/g, ' ')}`);
  const pushKeys = allKeys.filter((k) => k.includes(':push:'));
  if (pushKeys.length === 0) return;
  const pushed = new Set((await sentMessageKeys(tx, pushKeys)).map((r) => r.key));
  if (pushed.size === 0) return;
  const text = WITHDRAWN[reason] ?? WITHDRAWN.expired!;
  const messages: OutboxInput[] = [];
  for (const n of ended)
    for (const subscriptionId of subs.get(n.technicianId) ?? []) {
      if (!pushed.has(keys.push(n.id, subscriptionId))) continue;
      const message: PushMessage = {
        kind: 'withdraw',
        tag: jobPushTag(n.id),
        notificationId: n.id,
        title: text.title,
        body: text.body,
        url: reason === 'accepted' ? PATHS.myJobs : PATHS.technicianNotifications,
      };
      messages.push({
        channel: 'push',
        to: `subscription:${subscriptionId}`,
        template: 'job_withdrawn',
        key: keys.withdraw(n.id, subscriptionId),
        subject: message.title,
        text: message.body,
        payload: {
          subscriptionId,
          message,
          urgency: 'normal',
          topic: message.tag,
        } satisfies PushPayload,
      });
    }
  await app.outbox.enqueue(tx, messages);
}

/**
 * News about a technician's own job (the customer confirmed or declined their window, wrote to
 * them), for when the job's page is not open: a push to each of their devices, or an e-mail when
 * they have none (or turned push off), and a text when they chose texts. In their quiet hours it
 * waits until they end (news, not a job offer that expires). Keyed by the cause, so it goes out
 * once.
 */
export async function tellTechnician(
  app: FastifyInstance,
  tx: DbOrTx,
  technicianId: number,
  news: { template: string; key: string; title: string; body: string; path: string },
) {
  const r = (await recipients(tx, [technicianId])).get(technicianId);
  if (!r) return;
  const devices =
    app.vapid && r.settings.push
      ? ((await subscriptionsOf(tx, [technicianId])).get(technicianId) ?? [])
      : [];
  const messages: OutboxInput[] = devices.map((subscriptionId) => {
    const message: PushMessage = {
      kind: 'notice',
      tag: news.key,
      title: news.title,
      body: news.body,
      url: news.path,
    };
    return {
      channel: 'push',
      to: `subscription:${subscriptionId}`,
      template: news.template,
      key: `${news.key}:push:${subscriptionId}`,
      subject: news.title,
      text: news.body,
      payload: { subscriptionId, message, urgency: 'normal' } satisfies PushPayload,
    };
  });
  if (messages.length === 0)
    messages.push({
      channel: 'email',
      to: r.email,
      template: news.template,
      key: `${news.key}:email`,
      subject: news.title,
      ...composeMail([
        `Hi ${r.firstName},`,
        news.body,
        `Open the job:\n${publicBaseUrl(app.config)}${news.path}`,
      ]),
    });
  if (r.settings.sms && r.settings.smsPhone)
    messages.push({
      channel: 'sms',
      to: r.settings.smsPhone,
      template: news.template,
      key: `${news.key}:sms`,
      subject: news.title,
      text: `${BRAND.name}: ${news.title}. ${publicBaseUrl(app.config)}${news.path}`,
    });
  const notBefore =
    quietUntil({ ...r.settings.quietHours, timeZone: r.settings.timeZone }, app.clock()) ??
    undefined;
  await app.outbox.enqueue(
    tx,
    messages.map((m) => ({ ...m, notBefore })),
  );
}
