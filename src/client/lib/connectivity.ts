import { useSyncExternalStore } from 'react';

/**
 * Whether the app can reach the server, as far as it knows: the browser says it is online and
 * the last request did not fail for want of a network. A response of any status, or the
 * browser's `online` event, clears a failure. Read by the offline point of sale (ADR 013).
 */
let failed = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** What the browser says: false means certainly offline; true means maybe online. */
export const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** A request failed without an answer (no network, DNS, connection reset). */
export function reportNetworkFailure() {
  if (failed) return;
  failed = true;
  emit();
}

/** The server answered. */
export function reportReachable() {
  if (!failed) return;
  failed = false;
  emit();
}

export const isOnline = () => browserOnline() && !failed;

/**
 * A fetch that got no answer rejects with a TypeError ('Failed to fetch'), or with a
 * 'TimeoutError' when it was given a time limit (AbortSignal.timeout) and the answer was late.
 */
export const isNetworkError = (err: unknown) =>
  err instanceof TypeError || (err instanceof DOMException && err.name === 'TimeoutError');

export function subscribeConnectivity(listener: () => void) {
  listeners.add(listener);
  const online = () => {
    failed = false;
    listener();
  };
  if (typeof window !== 'undefined') {
    window.addEventListener('online', online);
    window.addEventListener('offline', listener);
  }
  return () => {
    listeners.delete(listener);
    if (typeof window !== 'undefined') {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', listener);
    }
  };
}

/** Re-renders when the app goes offline or comes back. */
export const useOnline = () => useSyncExternalStore(subscribeConnectivity, isOnline, () => true);
