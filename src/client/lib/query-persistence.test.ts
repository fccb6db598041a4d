import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import {
  createQueryPersistence,
  SAVED_QUERIES_MAX_AGE_MS,
  type SavedQueries,
  type SavedQueriesStore,
} from './query-persistence';

function memoryStore(): SavedQueriesStore & { entries: Map<number, SavedQueries> } {
  const entries = new Map<number, SavedQueries>();
  return {
    entries,
    get: async (owner) => entries.get(owner) && structuredClone(entries.get(owner)),
    set: async (owner, saved) => void entries.set(owner, structuredClone(saved)),
    clear: async () => entries.clear(),
  };
}

const kept = (key: readonly unknown[]) => key[0] === 'pos' || key[0] === 'jobs';

function setup(store = memoryStore(), now = () => Date.now()) {
  const qc = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const persistence = createQueryPersistence(qc, { store, shouldPersist: kept, now });
  return { qc, store, persistence };
}

describe('queries kept on the device for offline reading', () => {
  it("saves only the kept queries, under the signed-in user's name", async () => {
    const { qc, store, persistence } = setup();
    await persistence.setOwner(7);
    qc.setQueryData(['pos', 'quotes', 3], [{ id: 1 }]);
    qc.setQueryData(['jobs', 'list'], { active: [], past: [] });
    qc.setQueryData(['auth', 'current-user'], { id: 7 });
    await persistence.flush();
    const keys = store.entries.get(7)!.state.queries.map((q) => q.queryKey);
    expect(keys).toEqual([
      ['pos', 'quotes', 3],
      ['jobs', 'list'],
    ]);
    persistence.stop();
  });

  it('keeps what was read before it knew who is signed in', async () => {
    // The save is throttled (1 s): the test moves the timers' clock instead of waiting.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const { qc, store, persistence } = setup();
      qc.setQueryData(['jobs', 'list'], { active: ['early'] });
      await persistence.setOwner(7);
      expect(store.entries.has(7)).toBe(false);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(store.entries.get(7)!.state.queries.map((q) => q.queryKey)).toEqual([
        ['jobs', 'list'],
      ]);
      persistence.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('brings them back for the same user, with their time, marked to be read again', async () => {
    const first = setup();
    await first.persistence.setOwner(7);
    first.qc.setQueryData(['jobs', 'list'], { active: ['a'] }, { updatedAt: 1_000 });
    await first.persistence.flush();
    first.persistence.stop();

    const later = setup(first.store);
    await later.persistence.setOwner(7);
    const state = later.qc.getQueryState(['jobs', 'list'])!;
    expect(later.qc.getQueryData(['jobs', 'list'])).toEqual({ active: ['a'] });
    expect(state.dataUpdatedAt).toBe(1_000);
    expect(state.isInvalidated).toBe(true);
    later.persistence.stop();
  });

  it('never overwrites newer data with what was saved', async () => {
    const first = setup();
    await first.persistence.setOwner(7);
    first.qc.setQueryData(['pos', 'quotes', 3], ['old'], { updatedAt: 1_000 });
    await first.persistence.flush();

    const later = setup(first.store);
    later.qc.setQueryData(['pos', 'quotes', 3], ['new'], { updatedAt: 2_000 });
    await later.persistence.setOwner(7);
    expect(later.qc.getQueryData(['pos', 'quotes', 3])).toEqual(['new']);
  });

  it("shows nobody else a user's data: another user, or none, removes it; none forgets it", async () => {
    const { qc, store, persistence } = setup();
    await persistence.setOwner(7);
    qc.setQueryData(['jobs', 'list'], { active: ['a'] });
    await persistence.flush();
    await persistence.setOwner(8);
    expect(qc.getQueryData(['jobs', 'list'])).toBeUndefined();
    expect(store.entries.has(7)).toBe(true);
    await persistence.setOwner(null);
    expect(store.entries.size).toBe(0);
  });

  it('ignores what was saved more than a week ago', async () => {
    const first = setup(memoryStore(), () => 0);
    await first.persistence.setOwner(7);
    first.qc.setQueryData(['jobs', 'list'], 'old');
    await first.persistence.flush();
    const later = setup(first.store, () => SAVED_QUERIES_MAX_AGE_MS + 1);
    await later.persistence.setOwner(7);
    expect(later.qc.getQueryData(['jobs', 'list'])).toBeUndefined();
  });

  it('keeps the last answer of a query whose later read failed (offline), with its time', async () => {
    const { qc, store, persistence } = setup();
    await persistence.setOwner(7);
    qc.setQueryData(['pos', 'quotes', 3], [{ id: 1 }], { updatedAt: 1_000 });
    await qc
      .fetchQuery({
        queryKey: ['pos', 'quotes', 3],
        queryFn: () => Promise.reject(new TypeError('Failed to fetch')),
        staleTime: 0,
        retry: false,
      })
      .catch(() => undefined);
    expect(qc.getQueryState(['pos', 'quotes', 3])?.status).toBe('error');
    await persistence.flush();
    const saved = store.entries.get(7)!.state.queries[0]!;
    expect(saved.state).toMatchObject({ data: [{ id: 1 }], dataUpdatedAt: 1_000 });
    expect(saved.state).toMatchObject({ status: 'success', error: null });

    const later = setup(store);
    await later.persistence.setOwner(7);
    expect(later.qc.getQueryData(['pos', 'quotes', 3])).toEqual([{ id: 1 }]);
    expect(later.qc.getQueryState(['pos', 'quotes', 3])?.status).toBe('success');
  });
});
