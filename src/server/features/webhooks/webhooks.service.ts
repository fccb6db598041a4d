import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { RetryLater, type ProviderEvent, type WebhookProvider } from '../../domain/provider-events';
import { AppError } from '../../infra/app-error';
import { ProviderError } from '../../infra/payments';
import { tooManyAttempts } from '../../infra/rate-limiter';
import {
  createPayPalVerifier,
  PAYPAL_SIGNATURE_HEADERS,
  SIGNATURE_INVALID,
  verifySquareSignature,
  type PayPalVerifier,
} from '../../infra/payments/webhook-signatures';
import { NO_EVENT_ID, parseWebhookBody } from './webhooks.body';
import { eventKey, providerEvent } from './webhooks.events';
import {
  claimNextEvent,
  insertEvent,
  markAttemptFailed,
  markProcessed,
  revokeConnection,
  type WebhookEventRow,
} from './webhooks.queries';

/**
 * Payment providers' webhooks: a request is verified (401 and nothing stored when its signature
 * does not hold), stored raw once per provider and event id (a replay answers 200 and is not
 * applied again), and answered at once; the worker applies stored events one by one, each in the
 * transaction that marks it processed, so an event is applied once even with several instances.
 */

export const WEBHOOK_TASK = 'webhook-events';
/** How long one worker run may hold its lease (renewed while it runs). */
const WORKER_LEASE_MS = 60_000;
/** Events applied per run at most (the next run takes the rest). */
const BATCH = 200;

/** A delivery PayPal refused is answered from memory this long (the same headers and body). */
const REFUSED_MEMORY_MS = 15 * 60_000;
/**
 * Deliveries that fail PayPal's verification, per address, before that address is no longer
 * asked about (429): each one costs a call to PayPal on the platform's credentials. PayPal's
 * own deliveries do not fail.
 */
const FAILURES_PER_ADDRESS = 20;
const FAILURE_WINDOW_MS = 10 * 60_000;

/**
 * What identifies one delivery as PayPal would judge it: the transmission headers and the body,
 * hashed. A verdict of FAILURE on them holds for as long as they are sent unchanged.
 */
function deliveryHash(headers: Record<string, string | string[] | undefined>, raw: string) {
  const h = createHash('sha256');
  for (const name of Object.values(PAYPAL_SIGNATURE_HEADERS)) {
    const v = headers[name];
    h.update(`${name}:${typeof v === 'string' ? v : ''}\n`);
  }
  return h.update(raw).digest('hex');
}

/**
 * One worker pump per task runner (the app's, shared by its plugin contexts), run again when
 * nudged meanwhile.
 */
const pumps = new WeakMap<object, { again: boolean; running: Promise<void> | null }>();

/**
 * Runs the worker now (in the background) rather than at its next interval, so that an event is
 * applied within a second of its arrival. Across instances the task's lease keeps one run at a
 * time; an event a run of another instance missed is taken by the next tick.
 */
export function nudgeWorker(app: FastifyInstance): Promise<void> {
  let pump = pumps.get(app.tasks);
  if (!pump) pumps.set(app.tasks, (pump = { again: false, running: null }));
  pump.again = true;
  const state = pump;
  state.running ??= (async () => {
    try {
      while (state.again) {
        state.again = false;
        await app.tasks.runExclusive(WEBHOOK_TASK, 0, WORKER_LEASE_MS, () =>
          processWebhookEvents(app),
        );
      }
    } catch (err) {
      app.log.warn({ err }, 'webhook worker: nudge failed; the next tick retries');
    } finally {
      state.running = null;
    }
  })();
  return state.running;
}

async function store(
  app: FastifyInstance,
  provider: WebhookProvider,
  payload: Record<string, unknown>,
) {
  const key = eventKey(provider, payload);
  if (!key) throw new AppError(400, NO_EVENT_ID);
  const row = await insertEvent(app.db, {
    provider,
    ...key,
    payload,
    receivedAt: app.clock(),
  });
  if (row) void nudgeWorker(app);
  return { received: true as const, duplicate: row === null };
}

export function createWebhooksService(app: FastifyInstance) {
  const verifyPayPal: PayPalVerifier = createPayPalVerifier(app.config);
  const shared = app.rateLimits.store;
  const failures = app.rateLimits.limiter(
    'paypal-webhook-failures',
    FAILURES_PER_ADDRESS,
    FAILURE_WINDOW_MS,
  );
  const refusedKey = (hash: string) => `paypal-webhook-refused:${hash}`;
  return {
    /** POST /api/webhooks/square: the raw body, as Square signed it. */
    async square(raw: string, signature: string | undefined) {
      const refused = await verifySquareSignature(app.config, raw, signature);
      if (refused) throw new AppError(401, refused);
      return store(app, 'square', parseWebhookBody(raw));
    },
    /**
     * POST /api/webhooks/paypal: verified by PayPal's API (503 while PayPal cannot answer).
     * Only a body of bounded size and depth is read; a delivery PayPal refused is not asked
     * about again for a while, nor is anything from an address whose deliveries keep failing.
     */
    async paypal(raw: string, headers: Record<string, string | string[] | undefined>, ip: string) {
      const payload = parseWebhookBody(raw);
      const hash = deliveryHash(headers, raw);
      const now = app.clock().getTime();
      if (await shared.peek(refusedKey(hash), now)) throw new AppError(401, SIGNATURE_INVALID);
      const wait = await failures.retryAfter(ip);
      if (wait > 0)
        throw tooManyAttempts(
          'Too many webhook deliveries from this address failed verification',
          wait,
        );
      let refused: string | null;
      try {
        refused = await verifyPayPal(headers, payload);
      } catch (err) {
        if (!(err instanceof ProviderError)) throw err;
        app.log.warn({ err }, 'PayPal webhook could not be verified');
        throw new AppError(503, 'The webhook could not be verified now. Please deliver it again.');
      }
      if (refused === SIGNATURE_INVALID) {
        // PayPal's verdict on these exact bytes does not change: remembered, and counted
        // against the address that sent them.
        await shared.increment(refusedKey(hash), REFUSED_MEMORY_MS, now);
        await failures.hit(ip);
      }
      if (refused) throw new AppError(401, refused);
      return store(app, 'paypal', payload);
    },
  };
}

/** Applies one event in `tx`; a note when there was nothing to apply. */
async function apply(app: FastifyInstance, tx: DbOrTx, e: ProviderEvent): Promise<string | null> {
  switch (e.kind) {
    case 'payment':
      return (await app.posProviderEvents.payment(tx, e)) ||
        (await app.billing.applyProviderPayment(tx, e))
        ? null
        : 'no payment of ours has this id';
    case 'refund':
      return (await app.posProviderEvents.refund(tx, e)) ||
        (await app.billing.applyProviderRefund(tx, e))
        ? null
        : 'no payment of ours has this id';
    case 'dispute':
      return (await app.posProviderEvents.dispute(tx, e))
        ? null
        : 'recorded; no payment of ours has this id';
    case 'revoked':
      return (await revokeConnection(tx, e.provider, e.merchantId, app.clock())) > 0
        ? null
        : 'no connected account has this merchant id';
  }
}

/** Waits longer after each failed attempt: 5 s, 10 s, 20 s, ... at most an hour. */
const backoffMs = (attempts: number) => Math.min(3_600_000, 5_000 * 2 ** attempts);

/** Claims, applies and marks one event; false when none was due. */
async function processOne(app: FastifyInstance): Promise<boolean> {
  return app.db.transaction(async (tx) => {
    const now = app.clock();
    const row: WebhookEventRow | undefined = await claimNextEvent(tx, now);
    if (!row) return false;
    const event = providerEvent(row.provider, row.type, row.payload);
    if (!event) {
      await markProcessed(tx, row.id, now, 'not an event we act on');
      return true;
    }
    try {
      // A savepoint: a failure undoes the event's changes, not the claim.
      const note = await tx.transaction((sp) => apply(app, sp, event));
      await markProcessed(tx, row.id, now, note);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (!(err instanceof RetryLater))
        app.log.error(
          { err, eventId: row.eventId, provider: row.provider },
          'webhook event failed',
        );
      await markAttemptFailed(
        tx,
        row.id,
        message,
        new Date(now.getTime() + backoffMs(row.attempts)),
      );
    }
    return true;
  });
}

/**
 * The worker (a task of plugins/tasks.ts, nudged by the routes): applies the events due, one
 * transaction each, until none is left or the batch is done. How many it took.
 */
export async function processWebhookEvents(app: FastifyInstance): Promise<number> {
  let n = 0;
  while (n < BATCH && (await processOne(app))) n++;
  return n;
}
