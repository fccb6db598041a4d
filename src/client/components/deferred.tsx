import {
  lazy,
  startTransition,
  Suspense,
  useEffect,
  useLayoutEffect,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { isLive, partHydrated, subscribeLive } from '../lib/hydration';

/**
 * A component whose code loads the first time it is shown (a dialog when first opened), then
 * stays mounted so that it can close (and give focus back) like any other. Keeps dialogs and
 * their libraries out of the first download of the pages that offer them.
 */
export function loadWhenShown<P extends object>(
  load: () => Promise<ComponentType<P>>,
  shown: (props: P) => boolean,
) {
  const Lazy = lazy(() => load().then((c) => ({ default: c }))) as LazyExoticComponent<
    ComponentType<P>
  >;
  function Deferred(props: P) {
    const [used, setUsed] = useState(false);
    const show = shown(props);
    if (show && !used) setUsed(true);
    if (!used && !show) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  Deferred.preload = () => void load();
  return Deferred;
}

/**
 * True in the browser once the page is live (a server-rendered page: every part hydrated), for
 * parts the server does not render.
 */
export function useHydrated() {
  // The server's snapshot (false) is also the one hydration uses; the browser re-renders with
  // true when the page is live.
  return useSyncExternalStore(subscribeLive, isLive, onServer);
}
const onServer = () => false;

/**
 * A part that is only useful once the page is interactive (the chat button, the update banner,
 * the toaster): not rendered on the server, loaded after the page has hydrated.
 */
export function loadAfterHydration(load: () => Promise<ComponentType>) {
  const Lazy = lazy(() => load().then((c) => ({ default: c })));
  return function AfterHydration() {
    const hydrated = useHydrated();
    // On a hydrated page each part starts in a task of its own once the browser has a moment,
    // in a transition: the live store's change re-renders synchronously, and starting every part
    // there (fetching their code, rendering them) made one long task just as the page became
    // usable. A page the browser renders starts them with it, as it has nothing to hydrate.
    const [started, setStarted] = useState(hydrated);
    useEffect(() => {
      if (!hydrated || started) return;
      return whenIdle(() => startTransition(() => setStarted(true)));
    }, [hydrated, started]);
    if (!started) return null;
    return (
      <Suspense fallback={null}>
        <Lazy />
      </Suspense>
    );
  };
}

/** Calls `run` when the browser is idle (within a second), or soon where it cannot say. */
function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 1000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 50);
  return () => clearTimeout(id);
}

/**
 * A part of a server-rendered page that React hydrates and commits on its own, after the parts
 * around it (a Suspense boundary; nothing in it suspends once the page is live, so it has no
 * fallback of its own): a big page hydrates in several short tasks instead of one long commit.
 */
export function HydrateApart({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Hydrated>{children}</Hydrated>
    </Suspense>
  );
}

/**
 * The content of a Suspense boundary on a server-rendered page: says when its hydration has
 * committed (lib/hydration.ts). It renders its children as they are, on both sides.
 */
export function Hydrated({ children }: { children: ReactNode }) {
  useLayoutEffect(partHydrated, []);
  return children;
}
