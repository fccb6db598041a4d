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

/** A queue kept in memory only (tests, and any code that must not touch the device's storage). */
export function memoryQueueStorage(initial?: QueueState): QueueStorage & { value?: QueueState } {
  const store: QueueStorage & { value?: QueueState } = {
    value: initial && structuredClone(initial),
    load: async () => store.value && structuredClone(store.value),
    save: async (s) => {
      store.value = structuredClone(s);
    },
  };
  return store;
}
