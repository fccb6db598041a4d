import {
  DEPENDS_MESSAGE,
  EMPTY_QUEUE,
  needs,
  touches,
  type Change,
  type ChangeKind,
  type ChangePayloads,
  type QueueState,
} from './changes';

/** Where the queue lives (IndexedDB in the browser, memory in tests). */
export type QueueStorage = {
  load(): Promise<QueueState | undefined>;
  save(state: QueueState): Promise<void>;
};

/** Why a change did not go through: try again later, or the server said no. */
export type Failure = { kind: 'retry' } | { kind: 'refused'; message: string; error?: unknown };

/** What became of a change the technician just made. */
export type Outcome =
  | { state: 'synced'; change: Change; result: unknown }
  | { state: 'queued'; change: Change }
  | { state: 'refused'; change: Change; message: string; error?: unknown };

export type SyncDeps = {
  storage: QueueStorage;
  /** Sends one change; `serverId` gives the id of a record synced earlier by its client id. */
  send: (change: Change, serverId: (clientId: string) => number | undefined) => Promise<unknown>;
  classify: (err: unknown) => Failure;
  /** Whether a change just made is sent at once (otherwise it waits for a run). */
  isOnline: () => boolean;
  /**
   * Whether a run tries to send at all (default `isOnline`). The app lets runs try whenever the
   * browser has a network, even after a request got no answer: a run is how it finds out.
   */
  canSend?: () => boolean;
  /** A change reached the server (with the server's answer). */
  onSynced?: (change: Change, result: unknown) => void;
  newId?: () => string;
  now?: () => Date;
  /** Runs `fn` after `ms` (the next try); returns a cancel function. */
  schedule?: (fn: () => void, ms: number) => () => void;
};

export type SyncSnapshot = { changes: Change[]; syncing: boolean; loaded: boolean };

/** Waits between tries while the server cannot be reached. */
export const RETRY_MS = [5_000, 15_000, 30_000, 60_000];
const ID_KEEP_MS = 7 * 86_400_000;

const setTimer = (fn: () => void, ms: number) => {
  const t = setTimeout(fn, ms);
  return () => clearTimeout(t);
};

/**
 * The offline point of sale's queue and its sync (ADR 013). Changes are stored first, then sent
 * strictly in order: a network failure (or a server error) stops the run and tries again later;
 * a refusal marks that change with the server's message and the run goes on, except for the
 * changes that depend on it, which are marked too. A change the technician is waiting for,
 * refused at once, is dropped and its refusal handed back (the form still holds it).
 */
export function createSyncEngine(deps: SyncDeps) {
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const now = deps.now ?? (() => new Date());
  const schedule = deps.schedule ?? setTimer;
  const canSend = deps.canSend ?? deps.isOnline;
  const listeners = new Set<() => void>();
  const waiters = new Map<string, { change: Change; resolve: (o: Outcome) => void }>();
  let state: QueueState = EMPTY_QUEUE;
  let snapshot: SyncSnapshot = { changes: [], syncing: false, loaded: false };
  let loaded = false;
  let lock: Promise<unknown> = Promise.resolve();
  let running: Promise<void> | null = null;
  let again = false;
  let retries = 0;
  let cancelRetry: (() => void) | null = null;
  let stopped = false;

  const publish = () => {
    snapshot = { changes: state.changes, syncing: running !== null, loaded };
    listeners.forEach((l) => l());
  };

  /** Read-modify-write of the stored queue, one at a time (another tab may have written it). */
  function update<R>(fn: (s: QueueState) => [QueueState, R]): Promise<R> {
    const next = lock.then(async () => {
      const [s, r] = fn((await deps.storage.load()) ?? EMPTY_QUEUE);
      await deps.storage.save(s);
      state = s;
      loaded = true;
      publish();
      return r;
    });
    lock = next.catch(() => undefined);
    return next;
  }

  const settle = (id: string, outcome: Outcome) => {
    waiters.get(id)?.resolve(outcome);
    waiters.delete(id);
  };

  const without = (s: QueueState, id: string): QueueState => ({
    ...s,
    changes: s.changes.filter((c) => c.id !== id),
  });

  async function refuse(change: Change, message: string, error?: unknown) {
    if (waiters.has(change.id)) {
      await update((s) => [without(s, change.id), undefined]);
      settle(change.id, { state: 'refused', change, message, error });
      return;
    }
    await update((s) => [
      {
        ...s,
        changes: s.changes.map((c) =>
          c.id === change.id ? { ...c, status: 'error' as const, error: message } : c,
        ),
      },
      undefined,
    ]);
  }

  async function synced(change: Change, result: unknown) {
    const id = (result as { id?: unknown } | null)?.id;
    const creates = change.kind === 'quote.create' || change.kind === 'invoice.create';
    await update((s) => {
      const ids =
        creates && typeof id === 'number'
          ? { ...s.ids, [change.id]: { id, at: now().getTime() } }
          : s.ids;
      return [{ ...without(s, change.id), ids }, undefined];
    });
    retries = 0;
    deps.onSynced?.(change, result);
    settle(change.id, { state: 'synced', change, result });
  }

  function scheduleRetry() {
    const ms = RETRY_MS[Math.min(retries, RETRY_MS.length - 1)]!;
    retries += 1;
    cancelRetry?.();
    cancelRetry = schedule(() => {
      cancelRetry = null;
      void run();
    }, ms);
  }

  /** One pass over the queue; false when it stopped to try again later. */
  async function pass(): Promise<boolean> {
    const seen = new Set<string>();
    const blocked = new Set<string>();
    const block = (c: Change) => touches(c).forEach((k) => blocked.add(k));
    for (;;) {
      const change = state.changes.find((c) => !seen.has(c.id));
      if (!change || stopped) return true;
      seen.add(change.id);
      if (change.status === 'error') {
        block(change);
        continue;
      }
      if (needs(change).some((k) => blocked.has(k))) {
        block(change);
        await refuse(change, DEPENDS_MESSAGE);
        continue;
      }
      if (!canSend()) return false;
      let result: unknown;
      try {
        result = await deps.send(change, (clientId) => state.ids[clientId]?.id);
      } catch (err) {
        const failure = deps.classify(err);
        if (failure.kind === 'retry') {
          scheduleRetry();
          return false;
        }
        block(change);
        await refuse(change, failure.message, failure.error);
        continue;
      }
      await synced(change, result);
    }
  }

  /** Sends what waits, in order; a call during a run makes the run look again when done. */
  function run(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    cancelRetry?.();
    cancelRetry = null;
    running = (async () => {
      try {
        await lock;
        do {
          again = false;
          if (!(await pass())) break;
        } while (again);
      } finally {
        running = null;
        // Not reached in this run (offline, or stopped before them): they wait in the queue.
        for (const [id, w] of waiters) settle(id, { state: 'queued', change: w.change });
        publish();
      }
    })();
    publish();
    return running;
  }

  /**
   * Stores a change and, online, sends it: the outcome says whether the server has it
   * ('synced', with its answer), refused it, or whether it waits in the queue ('queued').
   */
  async function enqueue<K extends ChangeKind>(
    kind: K,
    payload: ChangePayloads[K],
  ): Promise<Outcome> {
    const id = newId();
    const change = {
      id,
      idempotency: id,
      kind,
      payload,
      createdAt: now().toISOString(),
      status: 'waiting',
    } as Change;
    await update((s) => [{ ...s, changes: [...s.changes, change] }, undefined]);
    if (!deps.isOnline()) return { state: 'queued', change };
    const outcome = new Promise<Outcome>((resolve) => waiters.set(id, { change, resolve }));
    void run();
    return outcome;
  }

  /** Drops a change and the later ones that depend on it; answers how many went. */
  function discard(id: string): Promise<number> {
    return update((s) => {
      const at = s.changes.findIndex((c) => c.id === id);
      if (at < 0) return [s, 0];
      const gone = new Set([id]);
      const keys = new Set(touches(s.changes[at]!));
      for (const c of s.changes.slice(at + 1)) {
        if (!needs(c).some((k) => keys.has(k))) continue;
        gone.add(c.id);
        touches(c).forEach((k) => keys.add(k));
      }
      return [{ ...s, changes: s.changes.filter((c) => !gone.has(c.id)) }, gone.size];
    });
  }

  /** Reads the stored queue (forgetting ids older than a week) and sends what waits. */
  async function start() {
    stopped = false;
    await update((s) => {
      const since = now().getTime() - ID_KEEP_MS;
      const ids = Object.fromEntries(Object.entries(s.ids).filter(([, v]) => v.at >= since));
      return [{ ...s, ids }, undefined];
    });
    await run();
  }

  /** Stops sending (a change on its way still lands); `start` resumes. */
  function stop() {
    stopped = true;
    cancelRetry?.();
    cancelRetry = null;
  }

  return {
    start,
    stop,
    run,
    enqueue,
    discard,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
  };
}
export type SyncEngine = ReturnType<typeof createSyncEngine>;
