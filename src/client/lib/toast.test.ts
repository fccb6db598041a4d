import type { toast } from 'sonner';
import { describe, expect, it } from 'vitest';
import { notify, toasterIsMounted } from './toast';

// What the toaster would have done, in order: the toaster hands over sonner's `toast`, so a
// recording stand-in of it is all the module sees.
const calls: string[] = [];
const recorder = Object.assign(() => undefined, {
  success: (title: string, o: { id: string; description?: string }) =>
    calls.push(`success ${title} ${o.id}${o.description ? ` (${o.description})` : ''}`),
  error: (title: string, o: { id: string }) => calls.push(`error ${title} ${o.id}`),
  dismiss: (id: string) => calls.push(`dismiss ${id}`),
}) as unknown as typeof toast;

const settled = () => new Promise((r) => setTimeout(r, 0));

describe('notify', () => {
  it('waits for the toaster, refreshes the same message in place and gives a different one an id of its own', async () => {
    notify({ title: 'Quote Created' });
    await settled();
    expect(calls).toEqual([]); // no toaster on the page yet: nothing is lost, it waits

    toasterIsMounted(recorder);
    await settled();
    notify({ title: 'Quote Created', description: 'Sent to the customer' });
    await settled();
    // The same message refreshes the shown toast: one toast, never two of the same text.
    expect(calls).toEqual([
      'success Quote Created wrenchly-toast-1',
      'success Quote Created wrenchly-toast-1 (Sent to the customer)',
    ]);

    calls.length = 0;
    notify({ title: 'Quote Approved' });
    notify({ title: 'Payment failed', variant: 'destructive' });
    await settled();
    // A different message is never an update of a toast that may be leaving: the shown one is
    // dismissed and the new one is a toast of its own (one at a time on screen).
    expect(calls).toEqual([
      'dismiss wrenchly-toast-1',
      'success Quote Approved wrenchly-toast-2',
      'dismiss wrenchly-toast-2',
      'error Payment failed wrenchly-toast-3',
    ]);
  });
});
