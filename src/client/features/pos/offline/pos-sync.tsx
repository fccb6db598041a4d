import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import type { Invoice, PosPayment, Quote } from '@shared/schemas/pos';
import { createApiRequest } from '../../../lib/api-client';
import { browserOnline, isOnline, subscribeConnectivity } from '../../../lib/connectivity';
import { posKeys } from '../api/keys';
import type { Change, ChangeKind, ChangePayloads } from './changes';
import { idbQueueStorage } from './queue-storage';
import { classify, createSender } from './send-change';
import { createSyncEngine, type Outcome, type SyncEngine, type SyncSnapshot } from './sync-engine';

type PosSync = {
  changes: Change[];
  syncing: boolean;
  /** Stores a change and sends it when it can (at once when online). */
  enqueue: <K extends ChangeKind>(kind: K, payload: ChangePayloads[K]) => Promise<Outcome>;
  /** Drops a change and the ones that depend on it. */
  discard: (id: string) => Promise<number>;
};

const IDLE: SyncSnapshot = { changes: [], syncing: false, loaded: false };
const NO_QUEUE: PosSync = {
  ...IDLE,
  enqueue: () => Promise.reject(new Error('The point of sale is for signed-in technicians')),
  discard: async () => 0,
};

const PosSyncContext = createContext<PosSync>(NO_QUEUE);

/** How long a change waits for its answer before the run stops and tries again later. */
const SEND_TIMEOUT_MS = 20_000;
/** Poor signal can leave a request hanging: the sync gives each one a time limit. */
const timedFetch: typeof fetch = (input, init) =>
  fetch(input, { ...init, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });

/** Puts a record from the server's answer into its cached list (replacing an older copy). */
function upsert<T extends { id: number }>(qc: QueryClient, key: readonly unknown[], row: T) {
  qc.setQueryData<T[]>(key, (list) =>
    !list
      ? list
      : list.some((r) => r.id === row.id)
        ? list.map((r) => (r.id === row.id ? row : r))
        : [row, ...list],
  );
}

/** The server's answer replaces the change in the lists at once; the lists are then re-read. */
function showSynced(qc: QueryClient, technicianId: number, change: Change, result: unknown) {
  if (change.kind.startsWith('quote.')) upsert(qc, posKeys.quotes(technicianId), result as Quote);
  if (change.kind === 'invoice.create') {
    const inv = result as Invoice;
    upsert(qc, posKeys.invoices(technicianId), inv);
    qc.setQueryData<Quote[]>(posKeys.quotes(technicianId), (list) =>
      list?.map((q) => (q.id === inv.quoteId ? { ...q, invoiceId: inv.id } : q)),
    );
  }
  if (change.kind === 'payment.record')
    upsert(qc, posKeys.payments(technicianId), result as PosPayment);
  void qc.invalidateQueries({ queryKey: posKeys.all });
}

/**
 * The signed-in technician's point-of-sale queue (ADR 013), for the whole app: it syncs at
 * start, when the app comes back online, after each change made online, and on its own retries.
 * Without a technician there is no queue.
 */
export function PosSyncProvider({
  user,
  children,
}: {
  user: { id: number; technicianId: number } | null;
  children: ReactNode;
}) {
  const qc = useQueryClient();
  const userId = user?.id ?? null;
  const technicianId = user?.technicianId ?? null;
  const engine = useMemo<SyncEngine | null>(
    () =>
      userId === null || technicianId === null
        ? null
        : createSyncEngine({
            storage: idbQueueStorage(userId),
            send: createSender(createApiRequest(timedFetch)),
            classify,
            isOnline,
            canSend: browserOnline,
            onSynced: (change, result) => showSynced(qc, technicianId, change, result),
          }),
    [qc, userId, technicianId],
  );

  useEffect(() => {
    if (!engine) return;
    void engine.start();
    // Back online (the browser's event, or a request answered again): send what waits.
    const unsubscribe = subscribeConnectivity(() => {
      if (isOnline()) void engine.run();
    });
    return () => {
      unsubscribe();
      engine.stop();
    };
  }, [engine]);

  const snapshot = useSyncExternalStore(
    engine?.subscribe ?? noSubscribe,
    engine?.getSnapshot ?? idle,
    idle,
  );
  const value = useMemo<PosSync>(
    () => (engine ? { ...snapshot, enqueue: engine.enqueue, discard: engine.discard } : NO_QUEUE),
    [engine, snapshot],
  );
  return <PosSyncContext.Provider value={value}>{children}</PosSyncContext.Provider>;
}

const noSubscribe = () => () => undefined;
const idle = () => IDLE;

/** The queue: its changes (waiting or refused), and how to add or drop one. */
export const usePosSync = () => useContext(PosSyncContext);
