import { usePosSync } from '../offline/pos-sync';

/** 'N changes waiting to sync' (one change in the singular). */
export const waitingLabel = (n: number) =>
  n === 1 ? '1 change waiting to sync' : `${n} changes waiting to sync`;

/** The queue's changes waiting to be sent, and those the server refused. */
export function useSyncCounts() {
  const { changes } = usePosSync();
  const refused = changes.filter((c) => c.status === 'error');
  return { waiting: changes.length - refused.length, refused };
}
