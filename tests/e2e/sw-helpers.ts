import type { BrowserContext, Page, Worker } from '@playwright/test';
import { expect } from './fixtures';

/** Driving the service worker from the journeys: pushes, shown notifications, taps. */

export type PushPayload = Record<string, unknown> & { tag: string };
export type ShownNotification = {
  title: string;
  body: string;
  tag: string;
  actions: { action: string; title: string }[];
  requireInteraction: boolean;
  silent: boolean | null;
};

/** A page of `context` on `pathname`, once the service worker controls it. */
export async function controlledPage(context: BrowserContext, pathname: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(pathname);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 15_000,
  });
  return page;
}

/** The context's running service worker (Playwright's handle to evaluate inside it). */
export async function serviceWorkerOf(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}

/**
 * Delivers a push to the page's service worker the way a push service would: through the
 * DevTools protocol (ServiceWorker.deliverPushMessage), no real subscription needed.
 *
 * Until the worker shows it: on a loaded machine Chromium has been seen to drop a delivered
 * push (the worker woken for it did not start in time; nothing was shown, nothing logged). A
 * push service redelivers a message the device did not take, so this does too, up to three
 * times, until a notification under the payload's tag (with its title, when it has one) shows.
 * The caller's own assertions then check what shows.
 */
export async function deliverPush(page: Page, payload: PushPayload) {
  const title = typeof payload.title === 'string' ? payload.title : undefined;
  const shown = async () =>
    (await shownNotifications(page, payload.tag)).some(
      (n) => title === undefined || n.title === title,
    );
  for (let attempt = 1; attempt <= 3; attempt++) {
    await deliverOnce(page, payload);
    try {
      await expect.poll(shown, { timeout: 5_000 }).toBe(true);
      return;
    } catch {
      // Not shown yet: deliver again (a notification under the same tag replaces, never adds).
    }
  }
}

async function deliverOnce(page: Page, payload: PushPayload) {
  const cdp = await page.context().newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.filter((r) => !r.isDeleted).length).toBeGreaterThan(0);
  const origin = new URL(page.url()).origin;
  const registration = registrations.find((r) => !r.isDeleted && r.scopeURL === `${origin}/`)!;
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: registration.registrationId,
    data: JSON.stringify(payload),
  });
  await cdp.detach();
}

/** The notifications the service worker shows under `tag`, as plain data. */
export const shownNotifications = (page: Page, tag: string) =>
  page.evaluate(async (tag) => {
    const registration = await navigator.serviceWorker.ready;
    const list = await registration.getNotifications({ tag });
    return list.map((n) => {
      const extra = n as Notification & {
        actions?: { action: string; title: string }[];
        requireInteraction?: boolean;
      };
      return {
        title: n.title,
        body: n.body,
        tag: n.tag,
        actions: (extra.actions ?? []).map((a) => ({ action: a.action, title: a.title })),
        requireInteraction: extra.requireInteraction ?? false,
        silent: n.silent,
      };
    });
  }, tag) as Promise<ShownNotification[]>;

/** Taps the notification under `tag` (its body, or `action`), inside the service worker. */
export async function tapNotification(context: BrowserContext, tag: string, action = '') {
  const sw = await serviceWorkerOf(context);
  await sw.evaluate(
    async ({ tag, action }) => {
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent(e: Event): boolean;
      };
      const [notification] = await scope.registration.getNotifications({ tag });
      if (!notification) throw new Error(`No notification tagged ${tag}`);
      const NotificationEventCtor = (
        self as unknown as {
          NotificationEvent: new (
            type: string,
            init: { notification: Notification; action: string },
          ) => Event;
        }
      ).NotificationEvent;
      scope.dispatchEvent(new NotificationEventCtor('notificationclick', { notification, action }));
    },
    { tag, action },
  );
}
