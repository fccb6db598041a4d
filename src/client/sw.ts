/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { applicationServerKey, subscriptionInput } from './features/notifications/device-label';
import { SERVER_PATHS } from './sw/navigation';
import {
  acceptOutcome,
  clickPlan,
  notificationFor,
  parsePushMessage,
  parsePushText,
  readNotificationData,
  type ShownNotification,
} from './sw/push-messages';

declare const self: ServiceWorkerGlobalScope;

// The app shell and every hashed asset of this build, versioned by Workbox's revisions; a new
// build's worker replaces them and drops the old caches once it activates.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Screens are the single-page app: offline, a navigation gets the precached index.html. The
// API, /dev and /files are the server's. Nothing else is routed, so an API call never reaches a
// cache: the worker leaves it to the network (it fails offline instead of answering stale data).
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: SERVER_PATHS }),
);

// Prompt mode: a new version waits until the page's 'Update available – reload' asks for it.
self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === 'SKIP_WAITING'
  )
    void self.skipWaiting();
});
// The first install controls the open page at once (no reload needed for push and offline).
clientsClaim();

/** Keeps the worker alive for `work`; an event a test script dispatched cannot be extended. */
function keepAlive(event: ExtendableEvent, work: Promise<unknown>) {
  try {
    event.waitUntil(work);
  } catch {
    // Untrusted (synthetic) event: the work runs all the same.
  }
}

const show = ({ title, options }: ShownNotification) =>
  self.registration.showNotification(title, options as NotificationOptions);

self.addEventListener('push', (event) => {
  const message = parsePushMessage(parsePushText(event.data?.text()));
  keepAlive(event, show(notificationFor(message, Date.now())));
});

/** Focuses an open window of the app on `url`, or opens one. */
async function openPage(url: string) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const client = windows.find((c) => c.focused) ?? windows[0];
  if (client) {
    try {
      await client.focus();
    } catch {
      // Focus needs the tap's user activation; navigating still works without it.
    }
    try {
      if (await client.navigate(url)) return;
    } catch {
      // Not controlled by this worker (navigate() refuses): open a new window instead.
    }
  }
  await self.clients.openWindow(url);
}

/** The Accept action: the same atomic PATCH as the page's button, with the session cookie. */
async function accept(notification: Notification, acceptUrl: string) {
  const data = readNotificationData(notification.data);
  let status = 0;
  let body: unknown = null;
  try {
    const res = await fetch(acceptUrl, {
      method: 'PATCH',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    status = res.status;
    body = await res.json().catch(() => null);
  } catch {
    // Offline: status 0 says so.
  }
  const outcome = acceptOutcome(status, body, data, notification.tag, self.location.origin);
  if (outcome.kind === 'open') {
    notification.close();
    return openPage(outcome.url);
  }
  // The reason takes the job's place under its tag. The job is not closed first: closing and
  // showing under one tag are separate browser calls, and a close that lands late would take
  // the reason down with it.
  return show(outcome.shown);
}

self.addEventListener('notificationclick', (event) => {
  const notification = event.notification;
  const plan = clickPlan(
    event.action,
    readNotificationData(notification.data),
    self.location.origin,
  );
  if (plan.kind === 'accept') {
    keepAlive(event, accept(notification, plan.acceptUrl));
    return;
  }
  notification.close();
  keepAlive(event, openPage(plan.url));
});

/**
 * The browser replaced this device's push subscription (expired or rotated keys): subscribe
 * again with the server's key and register the new one, so job alerts keep arriving without the
 * technician turning push on again. The old one is dropped by the server at its first 410.
 */
self.addEventListener('pushsubscriptionchange', (event) => {
  const change = event as ExtendableEvent & {
    oldSubscription?: PushSubscription | null;
    newSubscription?: PushSubscription | null;
  };
  keepAlive(
    change,
    (async () => {
      let subscription = change.newSubscription ?? null;
      if (!subscription) {
        const config = (await fetch('/api/push/config').then((r) => r.json())) as {
          publicKey?: string | null;
        };
        if (!config.publicKey) return;
        subscription = await self.registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: applicationServerKey(config.publicKey),
        });
      }
      await fetch('/api/push/subscriptions', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(subscriptionInput(subscription.toJSON(), self.navigator.userAgent)),
      });
    })(),
  );
});
