/**
 * When a server-rendered page is fully live. React hydrates the root first, then each Suspense
 * boundary in a pass of its own (ADR 024); until the last one has committed, a field typed into
 * or a button clicked inside a boundary not yet hydrated could be missed, so the entry holds
 * such events until then (app/early-events.ts).
 */
let pending = 0;
let whenDone: (() => void) | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
/** False while a server-rendered page is hydrating; a page the browser renders is live at once. */
let live = true;
const listeners = new Set<() => void>();

// In the task after the last commit: what waits for the page to be live (the held events, the
// parts rendered only in the browser) does not lengthen that commit's task.
const finish = () => {
  const done = whenDone;
  whenDone = null;
  clearTimeout(timer);
  setTimeout(() => {
    done?.();
    live = true;
    for (const listener of listeners) listener();
  }, 0);
};

/** For useSyncExternalStore: whether the page is live (every part hydrated). */
export const isLive = () => live;
export function subscribeLive(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The Suspense boundaries in server markup: React's `<!--$-->` comment before each one's content. */
export function countBoundaries(root: Element): number {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_COMMENT);
  let n = 0;
  while (walker.nextNode()) if ((walker.currentNode as Comment).data === '$') n++;
  return n;
}

/**
 * Calls `done` once `parts` commits have been reported (`partHydrated`), or after `limitMs` at
 * the latest (a boundary hidden on the page hydrates only when the browser is idle).
 */
export function whenHydrated(parts: number, done: () => void, limitMs = 10_000) {
  live = false;
  pending = parts;
  whenDone = done;
  timer = setTimeout(finish, limitMs);
  if (pending <= 0) finish();
}

/** A part of the page (the root, or a boundary's content) has committed its hydration. */
export function partHydrated() {
  if (whenDone && --pending <= 0) finish();
}
