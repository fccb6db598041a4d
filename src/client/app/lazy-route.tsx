import { lazy, useState, type ComponentType } from 'react';

type Module = { default: ComponentType };

/** A screen whose code loads on demand, and can be loaded ahead (`preload`). */
export type LazyRoute = ComponentType & { preload: () => Promise<void> };

/**
 * Like React.lazy, but a screen whose code was preloaded (the server before rendering it, the
 * browser before hydrating the server's HTML) renders at once instead of suspending: hydration
 * then matches the server's markup without a fallback in between.
 */
export function lazyRoute(load: () => Promise<Module>): LazyRoute {
  let loaded: Module | undefined;
  const loadOnce = () => load().then((m) => (loaded = m));
  const Lazy = lazy(loadOnce);
  function Screen() {
    // Decided once per mounted screen: switching from the lazy wrapper to the module itself
    // would remount the screen and lose its state.
    const [ready] = useState(() => loaded);
    if (ready) return <ready.default />;
    return <Lazy />;
  }
  Screen.preload = async () => {
    if (!loaded) await loadOnce();
  };
  return Screen;
}
