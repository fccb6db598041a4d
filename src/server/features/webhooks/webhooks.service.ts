import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { RetryLater, type ProviderEvent, type WebhookProvider } from '../../domain/provider-events';
import { AppError } from '../../infra/app-error';
import { ProviderError } from '../../infra/payments';
import {
  createPayPalVerifier,
  verifySquareSignature,
  type PayPalVerifier,
} from '../../infra/payments/webhook-signatures';
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

export const NOT_JSON = 'The webhook body is not a JSON object';
export const NO_EVENT_ID = 'The webhook body has no event id or type';
const NUL_IN_BODY = 'The webhook body holds a NUL character';

/** The raw body as a JSON object (400 otherwise). */
function parseBody(raw: string): Record<string, unknown> {
  // PostgreSQL's jsonb cannot hold NUL: refused here, not as a 500 at the insert.
  if (raw.includes('\u0000') || /\\u0000/i.test(raw)) throw new AppError(400, NUL_IN_BODY);
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw new AppError(400, NOT_JSON);
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new AppError(400, NOT_JSON);
  return body as Record<string, unknown>;
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
  return {
    /** POST /api/webhooks/square: the raw body, as Square signed it. */
    async square(raw: string, signature: string | undefined) {
      const refused = await verifySquareSignature(app.config, raw, signature);
      if (refused) throw new AppError(401, refused);
      return store(app, 'square', parseBody(raw));
    },
    /** POST /api/webhooks/paypal: verified by PayPal's API (503 while PayPal cannot answer). */
    async paypal(raw: string, headers: Record<string, string | string[] | undefined>) {
      const payload = parseBody(raw);
      let refused: string | null;
      try {
        refused = await verifyPayPal(headers, payload);
      } catch (err) {
        if (!(err instanceof ProviderError)) throw err;
        app.log.warn({ err }, 'PayPal webhook could not be verified');
        throw new AppError(503, 'The webhook could not be verified now. Please deliver it again.');
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
      return (await app.posProviderEvents.refund(tx, e)) ? null : 'no payment of ours has this id';
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
