import type { toast } from 'sonner';

/** The one toast slot: a new message replaces the shown one in place (spec: one at a time). */
const TOAST_ID = 'wrenchly-toast';

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
    const options = { id: TOAST_ID, description: opts.description };
    if (opts.variant === 'destructive') toast.error(opts.title, options);
    else toast.success(opts.title, options);
  });
}
