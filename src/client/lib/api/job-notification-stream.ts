import { useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * GET /api/job-notifications/stream: the technician's push stream, which both the dispatch
 * board (new and closed offers) and the jobs screens (`job.updated`) follow. One EventSource is
 * shared by every screen part that listens, so a page showing both holds one connection; it
 * closes when the last listener goes. EventSource reconnects by itself and resumes from the last
 * event id it saw.
 */
const STREAM_URL = '/api/job-notifications/stream';

/** Sent on the stream whenever one of the technician's jobs changes. */
export const JOB_UPDATED_EVENT = 'job.updated';

/** How often a screen reads its data again while the stream is down. */
export const FALLBACK_POLL_MS = 10_000;

type Listener = { types: readonly string[]; onEvent: (type: string) => void };
type Shared = {
  source: EventSource;
  listeners: Set<Listener>;
  connected: boolean;
  /** Event types with a listener on the source already. */
  bound: Set<string>;
};

let shared: Shared | null = null;

function open(): Shared {
  if (shared) return shared;
  const source = new EventSource(STREAM_URL, { withCredentials: true });
  const s: Shared = {
    source,
    listeners: new Set(),
    connected: false,
    bound: new Set(),
  };
  const setConnected = (value: boolean) => {
    s.connected = value;
    for (const f of connectionListeners) f();
  };
  source.addEventListener('ready', () => setConnected(true));
  source.onerror = () => setConnected(false);
  shared = s;
  return s;
}

function bind(s: Shared, type: string) {
  if (s.bound.has(type)) return;
  s.bound.add(type);
  s.source.addEventListener(type, () => {
    for (const l of s.listeners) if (l.types.includes(type)) l.onEvent(type);
  });
}

function release(s: Shared) {
  if (s.listeners.size > 0) return;
  s.source.close();
  if (shared === s) shared = null;
  for (const f of connectionListeners) f();
}

/** Whether the shared stream is open and connected (for useSyncExternalStore). */
const connectionListeners = new Set<() => void>();
const isConnected = () => shared?.connected ?? false;
function subscribeConnected(listener: () => void) {
  connectionListeners.add(listener);
  return () => void connectionListeners.delete(listener);
}

/**
 * Calls `onEvent` for each event of `types` on the technician's stream while `enabled`; answers
 * whether the stream is connected (a screen polls instead while it is not). A new `scope` (the
 * technician now signed in) subscribes again, and the last one out closes the old connection.
 */
export function useJobNotificationEvents(
  enabled: boolean,
  types: readonly string[],
  onEvent: (type: string) => void,
  scope: string | number | null = null,
): boolean {
  const connected = useSyncExternalStore(subscribeConnected, isConnected, () => false);
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  const typesKey = types.join(' ');
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const s = open();
    const listener: Listener = { types: typesKey.split(' '), onEvent: (t) => latest.current(t) };
    s.listeners.add(listener);
    for (const t of listener.types) bind(s, t);
    return () => {
      s.listeners.delete(listener);
      release(s);
    };
  }, [enabled, typesKey, scope]);
  return enabled && connected;
}
