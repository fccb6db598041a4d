import { toast } from 'sonner';

/** The one toast slot: a new message replaces the shown one in place (spec: one at a time). */
const TOAST_ID = 'wrenchly-toast';

/** A toast with a title and an optional description; at most one is shown at a time. */
export function notify(opts: {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}) {
  const options = { id: TOAST_ID, description: opts.description };
  if (opts.variant === 'destructive') toast.error(opts.title, options);
  else toast.success(opts.title, options);
}
