import type { PushSubscriptionInput } from '@shared/schemas/notifications';
import { applicationServerKey, subscriptionInput } from './device-label';

/** Web Push needs a service worker, the Push API and notifications (iOS: the installed app). */
export const pushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

export class NoServiceWorkerError extends Error {
  constructor() {
    super('The app is not ready on this device yet. Reload the page and try again.');
    this.name = 'NoServiceWorkerError';
  }
}

/** The active service worker's registration; null when none is running (the dev server). */
export async function readyRegistration(timeoutMs = 10_000) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const none = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, none]);
  } finally {
    clearTimeout(timer);
  }
}

/** This browser's push subscription for the app, if it has one. */
export async function currentPushSubscription() {
  const registration = await readyRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

const sameBytes = (a: ArrayBuffer | null | undefined, b: Uint8Array) => {
  if (!a) return true; // Not readable here: assume it was made with this key.
  const x = new Uint8Array(a);
  return x.length === b.length && x.every((v, i) => v === b[i]);
};

/**
 * Subscribes this browser with the server's VAPID key (keeping a subscription it already has
 * for the same key) and returns what the server stores.
 */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscriptionInput> {
  const registration = await readyRegistration();
  if (!registration) throw new NoServiceWorkerError();
  const key = applicationServerKey(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options?.applicationServerKey, key)) {
    // The server's key changed: a subscription is bound to one key.
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  return subscriptionInput(subscription.toJSON(), navigator.userAgent);
}
