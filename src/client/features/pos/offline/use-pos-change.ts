import { useMutation } from '@tanstack/react-query';
import { notify } from '../../../lib/toast';
import type { ChangeKind, ChangePayloads } from './changes';
import { usePosSync } from './pos-sync';
// The point of sale's screens bring the sync engine with them, so that it is running (and
// cached for offline use) by the time a change is made; other screens load it on demand.
import './pos-engine';
import type { Outcome } from './sync-engine';

export const SAVED_OFFLINE = 'Saved on this device';

/**
 * A point-of-sale change through the queue: sent at once when online, kept on the device
 * otherwise. `isPending` covers the wait for the server's answer.
 */
export function usePosChange<K extends ChangeKind>(kind: K) {
  const { enqueue } = usePosSync();
  return useMutation({
    mutationFn: (payload: ChangePayloads[K]) => enqueue(kind, payload),
    // The queue decides what waits for the connection; the mutation never pauses.
    networkMode: 'always',
  });
}

/**
 * Tells the technician what became of a change: the server's record (`synced`), kept for
 * later (`what` is saved on this device), or refused with the server's message. True unless
 * refused.
 */
export function notifyOutcome<T>(
  outcome: Outcome,
  what: string,
  synced: (result: T) => { title: string; description?: string },
  refusedTitle = 'Error',
  /** What the toast says of a refusal (the spec's words); the server's reason follows. */
  refusedText?: string,
): boolean {
  if (outcome.state === 'synced') {
    notify(synced(outcome.result as T));
    return true;
  }
  if (outcome.state === 'queued') {
    notify({
      title: SAVED_OFFLINE,
      description: `${what} will sync when the connection returns.`,
    });
    return true;
  }
  notify({
    title: refusedTitle,
    description: refusedText ? `${refusedText} ${outcome.message}` : outcome.message,
    variant: 'destructive',
  });
  return false;
}
