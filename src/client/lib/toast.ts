import type { toast } from 'sonner';

/**
 * The one toast slot (spec: one at a time). The same message again refreshes the shown toast; a
 * different one dismisses it and takes its place under an id of its own: an update of the shown
 * toast that arrived while it was leaving (its few seconds over) left with it, never seen.
 */
let shown: { id: string; title: string } | null = null;
let sequence = 0;

type Toast = typeof toast;

// The toaster (sonner) loads after the page is up; a toast waits until it is mounted,
// so that none is lost in between. The toaster hands over sonner's `toast` itself: nothing is
// fetched when a toast is shown (the point of sale shows them offline).
let markMounted: (toast: Toast) => void = () => undefined;
const toasterMounted = new Promise<Toast>((resolve) => {
  markMounted = resolve;
});
/** Called by the toaster when it is on the page. */
export const toasterIsMounted = (toast: Toast) => markMounted(toast);

/** A toast with a title and an optional description; at most one is shown at a time. */
export function notify(opts: {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}) {
  void toasterMounted.then((toast) => {
    if (shown?.title !== opts.title) {
      if (shown) toast.dismiss(shown.id);
      shown = { id: `wrenchly-toast-${++sequence}`, title: opts.title };
    }
    const options = { id: shown.id, description: opts.description };
    if (opts.variant === 'destructive') toast.error(opts.title, options);
    else toast.success(opts.title, options);
  });
}
