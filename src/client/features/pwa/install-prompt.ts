import { useCallback, useSyncExternalStore } from 'react';

/** Chromium's install prompt event (not in TypeScript's DOM types). */
export type BeforeInstallPromptEvent = Event & {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
};

/**
 * The browser's offer to install the app, kept from the moment it fires (often before any
 * screen that shows 'Install app' is open): the browser's own mini-infobar is held back, and
 * the offer is made when a technician asks for it.
 */
let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    emit();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    emit();
  });
}

/** Whether the page runs as the installed app (its own window, no browser UI). */
export const isStandalone = () =>
  (typeof window.matchMedia === 'function' &&
    window.matchMedia('(display-mode: standalone)').matches) ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const canInstallNow = () => deferred !== null && !isStandalone();

/** `canInstall`: the browser offers installing and the app is not running installed. */
export function useInstallPrompt() {
  const canInstall = useSyncExternalStore(subscribe, canInstallNow, () => false);
  const install = useCallback(async () => {
    const event = deferred;
    if (!event) return;
    // An offer is good for one prompt; the browser sends a new one if it is dismissed.
    deferred = null;
    emit();
    await event.prompt();
    await event.userChoice;
  }, []);
  return { canInstall, install };
}
