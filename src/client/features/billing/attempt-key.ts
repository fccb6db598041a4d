import { useCallback, useState } from 'react';

const fresh = (scope: string) => ({ scope, key: crypto.randomUUID() });

/**
 * One idempotency key per payment attempt: made when the form opens or what is paid changes
 * (`scope`), reused by retries and double clicks, and renewed after a definitive outcome
 * (paid, declined, refused), so the next attempt is a new payment.
 */
export function useAttemptKey(scope: string) {
  const [attempt, setAttempt] = useState(() => fresh(scope));
  // What is paid changed: a new attempt (React re-renders at once with the new key).
  if (attempt.scope !== scope) setAttempt(fresh(scope));
  const renew = useCallback(() => setAttempt((a) => fresh(a.scope)), []);
  return { key: attempt.key, renew };
}

/** Whether a failed payment request was a definitive answer (a new attempt needs a new key). */
export const isDefinitive = (status: number | undefined) =>
  status !== undefined && status >= 400 && status < 500 && status !== 409 && status !== 429;
