import {
  lazy,
  Suspense,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';

/**
 * A component whose code loads the first time it is shown (a dialog when first opened), then
 * stays mounted so that it can close (and give focus back) like any other. Keeps dialogs and
 * their libraries out of the first download of the pages that offer them (issue 16).
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

/** True after the first render in the browser: for parts the server does not render. */
export function useHydrated() {
  // The server's snapshot (false) is also the one hydration uses; the browser re-renders with true.
  return useSyncExternalStore(noSubscribe, inBrowser, onServer);
}
const noSubscribe = () => () => undefined;
const inBrowser = () => true;
const onServer = () => false;

/**
 * A part that is only useful once the page is interactive (the chat button, the update banner,
 * the toaster): not rendered on the server, loaded after the page has hydrated.
 */
export function loadAfterHydration(load: () => Promise<ComponentType>) {
  const Lazy = lazy(() => load().then((c) => ({ default: c })));
  return function AfterHydration() {
    const hydrated = useHydrated();
    if (!hydrated) return null;
    return (
      <Suspense fallback={null}>
        <Lazy />
      </Suspense>
    );
  };
}
