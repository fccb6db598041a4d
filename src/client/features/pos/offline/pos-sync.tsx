import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { isOnline, subscribeConnectivity } from '../../../lib/connectivity';
import type { Change, ChangeKind, ChangePayloads } from './changes';
import type { Outcome, SyncEngine, SyncSnapshot } from './sync-engine';

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

/** Makes one technician's engine: the app's loads the IndexedDB-backed one on demand. */
export type PosEngineFactory = (
  qc: QueryClient,
  userId: number,
  technicianId: number,
) => Promise<SyncEngine>;
const loadPosEngine: PosEngineFactory = (qc, userId, technicianId) =>
  import('./pos-engine').then(({ createPosEngine }) => createPosEngine(qc, userId, technicianId));

/**
 * The signed-in technician's point-of-sale queue (ADR 013), for the whole app: it syncs at
 * start, when the app comes back online, after each change made online, and on its own retries.
 * Without a technician there is no queue.
 */
export function PosSyncProvider({
  user,
  children,
  createEngine = loadPosEngine,
}: {
  user: { id: number; technicianId: number } | null;
  children: ReactNode;
  /** Component tests give an engine whose queue is kept in memory. */
  createEngine?: PosEngineFactory;
}) {
  const qc = useQueryClient();
  const userId = user?.id ?? null;
  const technicianId = user?.technicianId ?? null;
  const [engine, setEngine] = useState<SyncEngine | null>(null);
  // The engine's code loads only for a signed-in technician.
  useEffect(() => {
    if (userId === null || technicianId === null) return;
    let cancelled = false;
    void createEngine(qc, userId, technicianId).then((made) => {
      if (!cancelled) setEngine(made);
    });
    return () => {
      cancelled = true;
      setEngine(null);
    };
  }, [qc, userId, technicianId, createEngine]);

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
