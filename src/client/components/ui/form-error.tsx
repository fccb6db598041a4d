import { useCallback, useId, useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/toast';

/**
 * A form's or action's failure, inline next to its submit button: the server's own message
 * (e.g. a 429's 'try again in 52 minutes'), kept until the next attempt, where a toast would
 * vanish before it is read. The button names it with `aria-describedby={id}`.
 */
export function FormError({ message, id }: { message: string | null | undefined; id?: string }) {
  // role="alert" is announced when it appears, even where a live region must pre-exist.
  if (!message) return null;
  return (
    <p id={id} role="alert" aria-live="assertive" className="text-sm text-red-600">
      {message}
    </p>
  );
}

/** The server's message for a failed action, shown as a toast too; returns it for inline use. */
export function reportActionError(err: unknown, title: string, fallback: string): string {
  const description = errorMessage(err, fallback);
  notify({ title, description, variant: 'destructive' });
  return description;
}

/**
 * A form's inline error: `report(err, fallback)` on failure (the server's message, else the
 * fallback), `clear()` when the next attempt starts. `id` is the FormError's, for the submit
 * button's `aria-describedby` (`describedBy` is it while there is a message).
 */
export function useFormError() {
  const id = useId();
  const [message, setMessage] = useState<string | null>(null);
  const report = useCallback((err: unknown, fallback: string) => {
    const m = errorMessage(err, fallback);
    setMessage(m);
    return m;
  }, []);
  const clear = useCallback(() => setMessage(null), []);
  return { id, message, report, clear, describedBy: message ? id : undefined };
}

/**
 * An action's inline error in a list where each item has its own button (retry one message,
 * mark one handled): `report(key, err, title, fallback)` keeps the server's message (also
 * toasted) under that item, `messageFor(key)` reads it back; the next action clears it.
 */
export function useItemError<K extends string | number>() {
  const [failed, setFailed] = useState<{ key: K; message: string } | null>(null);
  const report = useCallback((key: K, err: unknown, title: string, fallback: string) => {
    setFailed({ key, message: reportActionError(err, title, fallback) });
  }, []);
  const clear = useCallback(() => setFailed(null), []);
  const messageFor = (key: K) => (failed?.key === key ? failed.message : null);
  return { report, clear, messageFor };
}
