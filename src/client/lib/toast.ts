import { toast } from 'sonner';

/** A toast with a title and an optional description; at most one is shown at a time. */
export function notify(opts: {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}) {
  toast.dismiss();
  if (opts.variant === 'destructive') {
    toast.error(opts.title, { description: opts.description });
  } else {
    toast.success(opts.title, { description: opts.description });
  }
}
