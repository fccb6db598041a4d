import { createHash } from 'node:crypto';
import { AppError } from '../app-error';

/** How long a duplicate waits for the request that claimed its idempotency key. */
export const CLAIM_WAIT_MS = 30_000;
const POLL_MS = 50;

/**
 * The answer to a client's idempotency key sent again with another request: another card,
 * amount, invoice, plan or customer is a new payment, never answered with the first one's
 * outcome (which would report it paid while nothing was charged).
 */
export const IDEMPOTENCY_KEY_REUSED = 'This idempotency key was used for a different request';

/**
 * What a client's idempotency key is bound to (Stripe's rule): a hash of the canonical request,
 * its purpose (the route) and every field that decides what is charged and for what (amount,
 * invoice, quote or plan, the card's token, the customer), stored with the key by the row that
 * claims it. The same key then answers the first outcome only to the same request. Field order
 * does not matter; an absent field and null are the same.
 */
export function requestFingerprint(
  purpose: string,
  fields: Record<string, string | number | boolean | null | undefined>,
): string {
  const canonical = Object.keys(fields)
    .sort()
    .map((k) => [k, fields[k] ?? null]);
  return createHash('sha256')
    .update(JSON.stringify([purpose, canonical]))
    .digest('hex');
}

/**
 * 409 IDEMPOTENCY_KEY_REUSED when the row holding the key was claimed by another request.
 * Rows claimed before fingerprints were kept (null) are answered as before.
 */
export function assertSameRequest<T extends { requestFingerprint: string | null }>(
  row: T,
  fingerprint: string,
): T {
  if (row.requestFingerprint !== null && row.requestFingerprint !== fingerprint)
    throw new AppError(409, IDEMPOTENCY_KEY_REUSED);
  return row;
}

/**
 * The final row of the payment that claimed an idempotency key first: a duplicate request polls
 * it while it is `processing` (the first request is talking to the provider) and answers with
 * its outcome. Used by every table whose rows claim keys (plan payments, POS payments). Callers
 * check in `load` that the row is the same request's (assertSameRequest) on every read, so a
 * different request with the key is refused at once, not after the wait, and never charges.
 */
export async function awaitClaimedPayment<T extends { status: string }>(
  load: () => Promise<T | undefined>,
  opts: {
    waitMs?: number;
    /** Once, when the first read finds the payment processing: the duplicate is waiting. */
    onWait?: () => void;
  } = {},
): Promise<T> {
  const waitMs = opts.waitMs ?? CLAIM_WAIT_MS;
  for (let waited = 0; ; waited += POLL_MS) {
    const row = await load();
    if (!row) throw new AppError(409, 'This payment could not be found. Please try again.');
    if (row.status !== 'processing') return row;
    if (waited > waitMs) throw new AppError(409, 'This payment is still processing');
    if (waited === 0) opts.onWait?.();
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
