import { formatReference } from '@shared/service-request-rules';
import { PATHS, myJobPath } from '@shared/paths';
// Types only: the service worker stays free of zod (its bundle is a few kilobytes).
import type { PushMessage } from '@shared/schemas/notifications';
import { URGENCIES } from '@shared/constants/service-types';

/**
 * The service worker's decisions, as pure functions (sw.ts wires them to the browser's events):
 * what a push shows, what a tap does, and what an Accept answer turns the notification into.
 */

/** A notification button (not in TypeScript's DOM types yet). */
export type NotificationAction = { action: string; title: string };

/** What `notification.data` holds, written by `notificationFor` and read back on a tap. */
export type NotificationData = {
  kind: 'job' | 'withdraw' | 'notice';
  /** Same-origin path opened on a tap. */
  url: string;
  /** The Accept action's PATCH target (jobs only). */
  acceptUrl?: string;
  notificationId?: number;
};

export type NotificationOptionsWithActions = {
  body: string;
  tag?: string;
  data: NotificationData;
  icon: string;
  actions?: NotificationAction[];
  requireInteraction?: boolean;
  silent?: boolean;
  timestamp?: number;
};

export type ShownNotification = { title: string; options: NotificationOptionsWithActions };

export const NOTIFICATION_ICON = '/icons/icon-192.png';
export const JOB_ACTIONS: NotificationAction[] = [
  { action: 'accept', title: 'Accept' },
  { action: 'view', title: 'View' },
];
export const WITHDRAWN_BODY = 'This job is no longer available.';
export const ACCEPT_FAILED_TITLE = 'Job not accepted';
export const ACCEPT_FAILED_BODY = 'Could not reach Wrenchly. Open the app to answer the job.';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isInt = (v: unknown): v is number => Number.isInteger(v);

/**
 * A push's JSON as the shared `pushMessageSchema` describes it, or null when it is not one.
 * A hand check of the same shape, so the service worker does not ship zod.
 */
export function parsePushMessage(raw: unknown): PushMessage | null {
  if (!isRecord(raw)) return null;
  const { kind, tag, notificationId, title, body, url } = raw;
  if (kind === 'notice')
    return isString(tag) && tag && isString(title) && isString(body) && isString(url)
      ? { kind, tag, title, body, url }
      : null;
  if (!isString(tag) || !tag || !isInt(notificationId) || !isString(title) || !isString(body))
    return null;
  if (!isString(url)) return null;
  if (kind === 'withdraw') return { kind, tag, notificationId, title, body, url };
  if (kind !== 'job') return null;
  const { serviceType, urgency, distanceMiles, deadline, acceptUrl } = raw;
  if (!isString(serviceType) || !isString(deadline) || !isString(acceptUrl)) return null;
  const knownUrgency = URGENCIES.find((u) => u === urgency);
  if (!knownUrgency) return null;
  if (distanceMiles !== null && typeof distanceMiles !== 'number') return null;
  return {
    kind,
    tag,
    notificationId,
    title,
    body,
    url,
    serviceType,
    urgency: knownUrgency,
    distanceMiles,
    deadline,
    acceptUrl,
  };
}

/** A push's text as JSON, or null (no payload, not JSON). */
export function parsePushText(text: string | null | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * The notification a push shows. A job: Accept / View, kept on screen until answered. A
 * withdraw: the same tag (so it replaces the job's notification), silent, no actions. Anything
 * else still shows something, as a push subscribed with `userVisibleOnly` must.
 */
export function notificationFor(message: PushMessage | null, now: number): ShownNotification {
  if (!message)
    return {
      title: 'Wrenchly',
      options: {
        body: 'Open Wrenchly to see your job notifications.',
        icon: NOTIFICATION_ICON,
        data: { kind: 'notice', url: PATHS.technicianNotifications },
      },
    };
  if (message.kind === 'notice')
    return {
      title: message.title,
      options: {
        body: message.body,
        tag: message.tag,
        icon: NOTIFICATION_ICON,
        timestamp: now,
        data: { kind: 'notice', url: message.url },
      },
    };
  if (message.kind === 'withdraw')
    return {
      title: message.title,
      options: {
        body: message.body || WITHDRAWN_BODY,
        tag: message.tag,
        icon: NOTIFICATION_ICON,
        silent: true,
        timestamp: now,
        data: { kind: 'withdraw', url: message.url, notificationId: message.notificationId },
      },
    };
  return {
    title: message.title,
    options: {
      body: message.body,
      tag: message.tag,
      icon: NOTIFICATION_ICON,
      actions: JOB_ACTIONS,
      requireInteraction: true,
      timestamp: now,
      data: {
        kind: 'job',
        url: message.url,
        acceptUrl: message.acceptUrl,
        notificationId: message.notificationId,
      },
    },
  };
}

/** `notification.data` as written by `notificationFor`; unknown data opens the notifications screen. */
export function readNotificationData(data: unknown): NotificationData {
  const fallback: NotificationData = { kind: 'notice', url: PATHS.technicianNotifications };
  if (!isRecord(data) || !isString(data.url)) return fallback;
  const kind = data.kind === 'job' || data.kind === 'withdraw' ? data.kind : 'notice';
  return {
    kind,
    url: data.url,
    acceptUrl: isString(data.acceptUrl) ? data.acceptUrl : undefined,
    notificationId: isInt(data.notificationId) ? data.notificationId : undefined,
  };
}

/** `url` resolved against the worker's origin; null when it points at another site. */
export function sameOriginUrl(url: string, origin: string): string | null {
  try {
    const resolved = new URL(url, origin);
    return resolved.origin === origin ? resolved.href : null;
  } catch {
    return null;
  }
}

export type ClickPlan = { kind: 'open'; url: string } | { kind: 'accept'; acceptUrl: string };

/** What a tap does: 'accept' on a job PATCHes its accept URL; anything else opens its page. */
export function clickPlan(action: string, data: NotificationData, origin: string): ClickPlan {
  const home = new URL(PATHS.technicianNotifications, origin).href;
  if (action === 'accept' && data.kind === 'job' && data.acceptUrl) {
    const acceptUrl = sameOriginUrl(data.acceptUrl, origin);
    if (acceptUrl) return { kind: 'accept', acceptUrl };
  }
  return { kind: 'open', url: sameOriginUrl(data.url, origin) ?? home };
}

export type AcceptOutcome =
  { kind: 'open'; url: string } | { kind: 'replace'; shown: ShownNotification };

/**
 * The Accept action's answer: on success the job's page (the answer is the accepted
 * notification, with its service request's id); otherwise the notification is replaced, same
 * tag, by the server's reason (another technician was faster, the job expired or was canceled).
 * `status` 0: the request did not reach the server.
 */
export function acceptOutcome(
  status: number,
  body: unknown,
  data: NotificationData,
  tag: string,
  origin: string,
): AcceptOutcome {
  if (status >= 200 && status < 300) {
    const request = isRecord(body) ? body.serviceRequest : undefined;
    const id = isRecord(request) ? request.id : undefined;
    const path = isInt(id) ? myJobPath(formatReference(id)) : PATHS.myJobs;
    return { kind: 'open', url: new URL(path, origin).href };
  }
  const message = isRecord(body) && isString(body.message) && body.message ? body.message : null;
  return {
    kind: 'replace',
    shown: {
      title: ACCEPT_FAILED_TITLE,
      options: {
        body: message ?? ACCEPT_FAILED_BODY,
        tag,
        icon: NOTIFICATION_ICON,
        silent: true,
        data: { kind: 'notice', url: data.url, notificationId: data.notificationId },
      },
    },
  };
}
