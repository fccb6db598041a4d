import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { clear, createStore, get, set, type UseStore } from 'idb-keyval';

/** What is kept of the cache for one signed-in user. */
export type SavedQueries = { savedAt: number; state: DehydratedState };

/** Where saved queries live, one entry per user (IndexedDB in the browser). */
export type SavedQueriesStore = {
  get(owner: number): Promise<SavedQueries | undefined>;
  set(owner: number, saved: SavedQueries): Promise<void>;
  /** Forgets every user's saved queries. */
  clear(): Promise<void>;
};

let idb: UseStore | null = null;
const queryStore = () => (idb ??= createStore('wrenchly-query-cache', 'queries'));

export const idbSavedQueries = (): SavedQueriesStore => ({
  get: (owner) => get<SavedQueries>(`user:${owner}`, queryStore()),
  set: (owner, saved) => set(`user:${owner}`, saved, queryStore()),
  clear: () => clear(queryStore()),
});

export const SAVED_QUERIES_MAX_AGE_MS = 7 * 86_400_000;

/**
 * Keeps some queries' last answers on the device, per signed-in user, so that their screens can
 * be read offline (ADR 013): TanStack Query's dehydrate/hydrate into IndexedDB. The app says who
 * is signed in (`setOwner`): their saved queries come back (never over newer data, and marked
 * stale so that they are read again when the server can be reached), later answers are saved,
 * and nobody signed in (the server said so) forgets them all, on the device too.
 */
export function createQueryPersistence(
  qc: QueryClient,
  options: {
    store: SavedQueriesStore;
    shouldPersist: (key: QueryKey) => boolean;
    maxAgeMs?: number;
    throttleMs?: number;
    now?: () => number;
  },
) {
  const { store, shouldPersist } = options;
  const maxAge = options.maxAgeMs ?? SAVED_QUERIES_MAX_AGE_MS;
  const now = options.now ?? Date.now;
  /** Undefined until the app knows who is signed in. */
  let owner: number | null | undefined;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let restoring = false;

  async function save() {
    timer = null;
    if (owner == null) return;
    await store.set(owner, { savedAt: now(), state: lastAnswers() });
  }

  /**
   * Each kept query's last answer. A read that failed after it (offline, the app retries until
   * it gives up) leaves the query in error with that answer still in it: it is saved as the
   * answer it is, at its own time, so that leaving a screen offline never forgets what was last
   * synced.
   */
  const lastAnswers = (): DehydratedState => {
    const state = dehydrate(qc, {
      shouldDehydrateQuery: (q) => q.state.data !== undefined && shouldPersist(q.queryKey),
    });
    const queries = state.queries.map((q) =>
      q.state.status === 'error'
        ? {
            ...q,
            state: {
              ...q.state,
              status: 'success' as const,
              error: null,
              fetchFailureCount: 0,
              fetchFailureReason: null,
            },
          }
        : q,
    );
    return { ...state, queries };
  };

  const schedule = () => {
    timer ??= setTimeout(() => void save(), options.throttleMs ?? 1000);
  };

  const unsubscribe = qc.getQueryCache().subscribe((event) => {
    if (owner == null || restoring || !shouldPersist(event.query.queryKey)) return;
    if (event.type !== 'added' && event.type !== 'updated' && event.type !== 'removed') return;
    schedule();
  });

  return {
    /** The signed-in user (null: nobody, or not someone whose queries are kept). */
    async setOwner(id: number | null) {
      if (id === owner) return;
      const previous = owner;
      owner = id;
      // Another user, or signed out: the previous user's data leaves the screen.
      if (previous != null) qc.removeQueries({ predicate: (q) => shouldPersist(q.queryKey) });
      if (id === null) {
        await store.clear();
        return;
      }
      const saved = await store.get(id);
      if (owner !== id) return;
      if (saved && now() - saved.savedAt <= maxAge) {
        restoring = true;
        try {
          hydrate(qc, saved.state);
        } finally {
          restoring = false;
        }
        // What came back from the device is as old as it is: read it again when possible.
        void qc.invalidateQueries({
          predicate: (q) => shouldPersist(q.queryKey) && q.state.dataUpdatedAt <= saved.savedAt,
        });
      }
      // Answers that arrived before the app knew who is signed in are kept too (the offline
      // cache loads after the page, so a screen's first answers often come before it).
      if (qc.getQueryCache().findAll({ predicate: (q) => shouldPersist(q.queryKey) }).length)
        schedule();
    },
    /** Writes the kept queries now (leaving the page; tests). */
    flush: () => {
      if (timer) clearTimeout(timer);
      return save();
    },
    stop() {
      unsubscribe();
      if (timer) clearTimeout(timer);
    },
  };
}
