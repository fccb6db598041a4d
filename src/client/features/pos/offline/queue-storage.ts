import { createStore, get, set, type UseStore } from 'idb-keyval';
import type { QueueState } from './changes';
import type { QueueStorage } from './sync-engine';

let store: UseStore | null = null;
/** One IndexedDB database for the queues (opened on first use). */
const queueStore = () => (store ??= createStore('wrenchly-pos-queue', 'queues'));

/** The signed-in user's queue in IndexedDB: each account on the device has its own. */
export function idbQueueStorage(userId: number): QueueStorage {
  const key = `user:${userId}`;
  return {
    load: () => get<QueueState>(key, queueStore()),
    save: (state) => set(key, state, queueStore()),
  };
}
