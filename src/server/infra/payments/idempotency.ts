import { AppError } from '../app-error';

/** How long a duplicate waits for the request that claimed its idempotency key. */
export const CLAIM_WAIT_MS = 30_000;
const POLL_MS = 50;

/**
 * The final row of the payment that claimed an idempotency key first: a duplicate request polls
 * it while it is `processing` (the first request is talking to the provider) and answers with
 * its outcome. Used by every table whose rows claim keys (plan payments, POS payments).
 */
export async function awaitClaimedPayment<T extends { status: string }>(
  load: () => Promise<T | undefined>,
  waitMs = CLAIM_WAIT_MS,
): Promise<T> {
  for (let waited = 0; ; waited += POLL_MS) {
    const row = await load();
    if (!row) throw new AppError(409, 'This payment could not be found. Please try again.');
    if (row.status !== 'processing') return row;
    if (waited > waitMs) throw new AppError(409, 'This payment is still processing');
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
