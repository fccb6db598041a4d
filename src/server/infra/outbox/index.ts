import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxChannel } from '@shared/schemas/notifications';
import type { Db, DbOrTx } from '../../db/client';
import { outbox } from '../../db/schema';
import { AppError } from '../app-error';
import { channelPauses } from './channel-pause';
import type { DeliveryOutcome, OutboxInput, OutboxRow, Transport } from './types';

export type { DeliveryOutcome, OutboxInput, OutboxRow, Transport } from './types';
export {
  AttachmentGone,
  attachmentRefs,
  createAttachmentRenderers,
  pdfAttachment,
  type AttachmentRef,
  type AttachmentRenderers,
} from './attachments';

/** NOTIFY channel that wakes every instance's worker when something is queued. */
export const OUTBOX_CHANNEL = 'wrenchly_outbox';

/** Waits after the 1st, 2nd, 3rd and 4th failed attempt; the 5th failure is final. */
export const BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;
export const MAX_ATTEMPTS = BACKOFF_MS.length + 1;
/**
 * How long a claim lasts. Every transport gives up well before (timeouts of 10-60 s); a claim
 * still open after this belongs to an instance that died mid-send.
 */
export const LEASE_MS = 5 * 60_000;
/**
 * A claimed message is sent only while this much of its lease remains (transports give up
 * within about a minute); later in a slow batch it goes back to the queue untried, rather than
 * leave after another instance wrote it off as 'outcome unknown'.
 */
export const SEND_BY_MS = 2 * 60_000;
export const UNKNOWN_OUTCOME =
  'Outcome unknown: the sending instance stopped during delivery; not resent automatically';

type Listener = (row: OutboxRow, outcome: DeliveryOutcome) => Promise<void> | void;

/**
 * What a delivery attempt came to, as recorded: sent, queued again (`retry`), given up
 * (`failed`, also a transient failure on the last attempt), dropped (`canceled`) or put back
 * untried because its service could not be reached (`deferred`).
 */
export type DeliveryResult = 'sent' | 'retry' | 'failed' | 'canceled' | 'deferred';

export type Outbox = {
  /**
   * Writes messages in the caller's transaction (the change that causes them); the worker
   * sends them after commit. A key already in the outbox is skipped. Returns the ids written.
   */
  enqueue(tx: DbOrTx, messages: OutboxInput | OutboxInput[]): Promise<number[]>;
  /** Cancels queued messages by key (the reason to send them went away). */
  cancel(tx: DbOrTx, keys: string[], reason: string): Promise<string[]>;
  /** Sends what is due until nothing is left; returns how many were attempted. */
  drain(): Promise<number>;
  /** Runs one batch: recovers lapsed claims, claims due messages and delivers them. */
  runOnce(): Promise<number>;
  /** Puts a failed message back in the queue (admin). */
  retry(id: number): Promise<OutboxRow>;
  /** Called after every attempt that did not deliver (fallbacks hang off this). */
  onUndelivered(listener: Listener): void;
  /** Which channels have a transport; messages of the others are kept (`held`). */
  channels(): Record<OutboxChannel, string | null>;
  /** Starts the worker: on every wake-up and every `pollMs`. */
  start(wake: (fn: () => void) => () => void, pollMs?: number): void;
  /**
   * Stops the worker at once: no claim and no delivery starts after this, and the messages this
   * instance claimed but has not handed to a transport go back to the queue now, in their place
   * and with their attempt undone (for another instance, or this one after a restart). Resolves
   * once they are back; the deliveries in flight go on (`stop` waits for them).
   */
  release(): Promise<void>;
  /** Releases (above), then waits for the deliveries in flight to be recorded. */
  stop(): Promise<void>;
  /** Closes the transports (SMTP connections). */
  close(): Promise<void>;
};

export function createOutbox(options: {
  db: Db;
  clock: () => Date;
  log: FastifyBaseLogger;
  transports: Partial<Record<OutboxChannel, Transport>>;
  batchSize?: number;
  concurrency?: number;
  /** Told of every attempt once its result is recorded (metrics); must not throw. */
  onDelivery?: (channel: OutboxChannel, result: DeliveryResult) => void;
}): Outbox {
  const { db, clock, log, transports } = options;
  const batchSize = options.batchSize ?? 50;
  const concurrency = options.concurrency ?? 16;
  const listeners: Listener[] = [];
  const live = (Object.keys(transports) as OutboxChannel[]).filter((c) => transports[c]);
  // A channel whose service is away is resumed by the pause's end (a run starts then).
  const pauses = channelPauses(clock, () => kick());

  async function recoverLapsed(now: Date) {
    // A claim whose lease ran out: the instance stopped between claiming and recording the
    // result. Whether the message left is unknown, so it is not sent again (at most once).
    const lapsed = await db
      .update(outbox)
      .set({ status: 'failed', lastError: UNKNOWN_OUTCOME, claimToken: null, leaseUntil: null })
      .where(and(eq(outbox.status, 'sending'), lte(outbox.leaseUntil, now)))
      .returning({ id: outbox.id, channel: outbox.channel });
    // Given up on, as any other failure: the failed-deliveries alert counts them.
    for (const row of lapsed) {
      options.onDelivery?.(row.channel, 'failed');
      log.warn({ outboxId: row.id, channel: row.channel }, `outbox: ${UNKNOWN_OUTCOME}`);
    }
    await db
      .update(outbox)
      .set({ status: 'canceled', lastError: 'Expired before delivery' })
      .where(
        and(eq(outbox.status, 'queued'), isNotNull(outbox.expiresAt), lte(outbox.expiresAt, now)),
      );
  }

  async function claim(now: Date): Promise<OutboxRow[]> {
    const channels = live.filter((c) => !pauses.paused(c));
    if (channels.length === 0) return [];
    const token = randomUUID();
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: outbox.id })
        .from(outbox)
        .where(
          and(
            eq(outbox.status, 'queued'),
            lte(outbox.availableAt, now),
            inArray(outbox.channel, channels),
          ),
        )
        .orderBy(asc(outbox.availableAt), asc(outbox.id))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(outbox)
        .set({
          status: 'sending',
          claimToken: token,
          leaseUntil: new Date(now.getTime() + LEASE_MS),
          attempts: sql`${outbox.attempts} + 1`,
        })
        .where(
          inArray(
            outbox.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
  }

  async function settle(row: OutboxRow, outcome: DeliveryOutcome) {
    const now = clock();
    const mine = and(eq(outbox.id, row.id), eq(outbox.claimToken, row.claimToken!));
    if (outcome.status === 'unreachable') {
      await putBack(row, outcome.error);
      options.onDelivery?.(row.channel, 'deferred');
      const ms = pauses.pause(row.channel);
      if (ms)
        log.warn(
          { channel: row.channel },
          `outbox: ${row.channel} service unreachable, paused ${ms / 1000} s: ${outcome.error}`,
        );
      return;
    }
    if (outcome.status === 'sent') {
      pauses.reached(row.channel);
      await sentRecords.record(row);
      return;
    }
    const final = outcome.status !== 'retry' || row.attempts >= MAX_ATTEMPTS;
    await db
      .update(outbox)
      .set(
        final
          ? {
              status: outcome.status === 'canceled' ? 'canceled' : 'failed',
              lastError: outcome.error,
              claimToken: null,
              leaseUntil: null,
            }
          : {
              status: 'queued',
              lastError: outcome.error,
              availableAt: new Date(now.getTime() + BACKOFF_MS[row.attempts - 1]!),
              claimToken: null,
              leaseUntil: null,
            },
      )
      .where(mine);
    options.onDelivery?.(
      row.channel,
      !final ? 'retry' : outcome.status === 'canceled' ? 'canceled' : 'failed',
    );
    (final ? log.warn : log.info).call(
      log,
      { outboxId: row.id, channel: row.channel, template: row.template, attempt: row.attempts },
      `outbox: ${row.channel} not delivered (${final ? outcome.status : 'will retry'}): ${outcome.error}`,
    );
    for (const listener of listeners) {
      try {
        await listener(row, outcome);
      } catch (err) {
        log.error({ err, outboxId: row.id }, 'outbox: undelivered listener failed');
      }
    }
  }

  /**
   * Deliveries are recorded sent in groups: those that end while an earlier group is being
   * written wait for it and go in one UPDATE together (with 16 lanes, a few a statement instead
   * of one each: the worker's and PostgreSQL's CPU per e-mail, bench/outbox.ts). Nothing waits
   * for a group to fill: a lone delivery is written at once.
   */
  const sentRecords = (() => {
    let pending: { row: OutboxRow; done: () => void; failed: (err: unknown) => void }[] = [];
    let writing = false;
    async function write() {
      writing = true;
      try {
        while (pending.length > 0) {
          const group = pending;
          pending = [];
          // One claim's rows by its token (a claim lapsed and taken over is not ours to mark).
          const byToken = new Map<string, number[]>();
          for (const { row } of group)
            byToken.set(row.claimToken!, [...(byToken.get(row.claimToken!) ?? []), row.id]);
          try {
            await db
              .update(outbox)
              .set({
                status: 'sent',
                sentAt: clock(),
                lastError: null,
                claimToken: null,
                leaseUntil: null,
              })
              .where(
                or(
                  ...[...byToken].map(([token, ids]) =>
                    and(eq(outbox.claimToken, token), inArray(outbox.id, ids)),
                  ),
                ),
              );
          } catch (err) {
            for (const g of group) g.failed(err);
            continue;
          }
          for (const g of group) {
            options.onDelivery?.(g.row.channel, 'sent');
            g.done();
          }
        }
      } finally {
        writing = false;
      }
    }
    return {
      /** Resolves once the row is recorded sent. */
      record(row: OutboxRow) {
        return new Promise<void>((done, failed) => {
          pending.push({ row, done, failed });
          if (!writing) void write();
        });
      },
    };
  })();

  /** Back in the queue, in its place, as if never claimed (the claim's attempt is undone). */
  async function putBack(row: OutboxRow, lastError?: string) {
    await db
      .update(outbox)
      .set({
        status: 'queued',
        claimToken: null,
        leaseUntil: null,
        attempts: sql`${outbox.attempts} - 1`,
        ...(lastError ? { lastError } : {}),
      })
      .where(and(eq(outbox.id, row.id), eq(outbox.claimToken, row.claimToken!)));
  }

  /** Claimed messages never handed to a transport, back in the queue as if never claimed. */
  async function putBackUntried(rows: OutboxRow[]) {
    const byToken = new Map<string, number[]>();
    for (const row of rows)
      byToken.set(row.claimToken!, [...(byToken.get(row.claimToken!) ?? []), row.id]);
    for (const [token, ids] of byToken)
      await db
        .update(outbox)
        .set({
          status: 'queued',
          claimToken: null,
          leaseUntil: null,
          attempts: sql`${outbox.attempts} - 1`,
        })
        .where(and(eq(outbox.claimToken, token), inArray(outbox.id, ids)));
  }

  async function deliver(row: OutboxRow) {
    // Too little of the lease left, or the channel's service went away during this batch.
    if (row.leaseUntil!.getTime() - clock().getTime() < SEND_BY_MS || pauses.paused(row.channel)) {
      await putBack(row);
      return;
    }
    const transport = transports[row.channel]!;
    let outcome: DeliveryOutcome;
    try {
      outcome = await transport.deliver(row);
    } catch (err) {
      // A transport bug: the message may or may not have left; treat it as not sent, once.
      outcome = { status: 'failed', error: err instanceof Error ? err.message : String(err) };
    }
    await settle(row, outcome);
  }

  /**
   * The claimed messages of the runs in progress that no lane has taken yet, per channel: what
   * `release()` hands back when the instance stops.
   */
  const untried = new Set<OutboxRow[]>();

  /** Takes every message not handed to a transport yet out of the runs in progress. */
  function takeUntried() {
    const rows: OutboxRow[] = [];
    for (const queue of untried) rows.push(...queue.splice(0));
    return rows;
  }

  async function runOnce() {
    const now = clock();
    await recoverLapsed(now);
    const rows = await claim(now);
    if (halted) {
      // Stopped while claiming: nothing of this claim is tried here.
      await putBackUntried(rows);
      return 0;
    }
    // Lanes per channel, no more than its transport takes at once: a message a transport holds
    // is one its service has (a pool does not queue it), so that stopping can hand back the rest.
    const lanes: Promise<void>[] = [];
    const queues: OutboxRow[][] = [];
    for (const channel of new Set(rows.map((r) => r.channel))) {
      const queue = rows.filter((r) => r.channel === channel);
      queues.push(queue);
      untried.add(queue);
      const width = Math.min(
        concurrency,
        transports[channel]?.concurrency ?? concurrency,
        queue.length,
      );
      for (let i = 0; i < width; i++)
        lanes.push(
          (async () => {
            for (let row = queue.shift(); row; row = halted ? undefined : queue.shift())
              await deliver(row);
          })(),
        );
    }
    try {
      await Promise.all(lanes);
    } finally {
      for (const queue of queues) untried.delete(queue);
    }
    // Left when the worker stopped during this run (release() took them unless it raced).
    const left = queues.flatMap((q) => q.splice(0));
    if (left.length > 0) await putBackUntried(left);
    return rows.length;
  }

  // One run at a time per instance; a wake-up during a run asks for one more.
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true; // until start()
  /** Set by release(): no claim or delivery starts any more. */
  let halted = false;
  let released: Promise<void> | null = null;
  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        do {
          again = false;
          while (!stopped && (await runOnce()) > 0);
        } while (again && !stopped);
      } catch (err) {
        log.error({ err }, 'outbox: worker run failed');
      } finally {
        running = null;
      }
    })();
  };
  let timer: NodeJS.Timeout | undefined;
  let unlisten: (() => void) | undefined;

  function release() {
    stopped = true;
    halted = true;
    pauses.stop();
    if (timer) clearInterval(timer);
    unlisten?.();
    released ??= (async () => {
      const rows = takeUntried();
      if (rows.length === 0) return;
      try {
        await putBackUntried(rows);
        log.info({ messages: rows.length }, 'outbox: stopping; claimed messages handed back');
      } catch (err) {
        // The database is away: their lease runs out and another instance writes them off as
        // 'outcome unknown' (counted as failed), the at-most-once rule for a claim left behind.
        log.warn({ err, messages: rows.length }, 'outbox: could not hand back claimed messages');
      }
    })();
    return released;
  }

  return {
    async enqueue(tx, messages) {
      const list = [messages].flat();
      if (list.length === 0) return [];
      const now = clock();
      const rows = await tx
        .insert(outbox)
        .values(
          list.map((m) => {
            const channel = m.channel ?? 'email';
            return {
              channel,
              toAddress: m.to,
              subject: m.subject,
              textBody: m.text,
              htmlBody: m.html ?? null,
              template: m.template,
              payload: m.attachments?.length
                ? { ...m.payload, attachments: m.attachments }
                : (m.payload ?? null),
              idempotencyKey: m.key ?? `${m.template}:${randomUUID()}`,
              status: transports[channel] ? ('queued' as const) : ('held' as const),
              availableAt: m.notBefore && m.notBefore > now ? m.notBefore : now,
              expiresAt: m.expiresAt ?? null,
              createdAt: now,
            };
          }),
        )
        .onConflictDoNothing({ target: outbox.idempotencyKey })
        .returning({ id: outbox.id, status: outbox.status });
      // Delivered at commit, to every instance's worker.
      if (rows.some((r) => r.status === 'queued'))
        await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
      return rows.map((r) => r.id);
    },

    async cancel(tx, keys, reason) {
      if (keys.length === 0) return [];
      const rows = await tx
        .update(outbox)
        .set({ status: 'canceled', lastError: reason })
        .where(and(inArray(outbox.idempotencyKey, keys), eq(outbox.status, 'queued')))
        .returning({ key: outbox.idempotencyKey });
      return rows.map((r) => r.key);
    },

    async drain() {
      let total = 0;
      for (;;) {
        const n = await runOnce();
        if (n === 0) return total;
        total += n;
      }
    },

    runOnce,

    async retry(id) {
      // Conditional: of two retries at once, one puts it back in the queue. A channel without
      // a transport leaves the message failed (retryable once one is configured).
      const [row] = live.length
        ? await db
            .update(outbox)
            .set({ status: 'queued', attempts: 0, availableAt: clock(), claimToken: null })
            .where(
              and(eq(outbox.id, id), eq(outbox.status, 'failed'), inArray(outbox.channel, live)),
            )
            .returning()
        : [];
      if (!row) {
        const [existing] = await db
          .select({ status: outbox.status, channel: outbox.channel })
          .from(outbox)
          .where(eq(outbox.id, id));
        if (!existing) throw new AppError(404, 'Message not found');
        if (existing.status !== 'failed')
          throw new AppError(
            409,
            `Only failed messages can be retried; this one is ${existing.status}`,
          );
        throw new AppError(409, `No ${existing.channel} delivery is configured`);
      }
      kick();
      return row;
    },

    onUndelivered(listener) {
      listeners.push(listener);
    },

    channels() {
      return {
        email: transports.email?.name ?? null,
        sms: transports.sms?.name ?? null,
        push: transports.push?.name ?? null,
      };
    },

    start(wake, pollMs = 5_000) {
      stopped = false;
      halted = false;
      released = null;
      unlisten = wake(kick);
      timer = setInterval(kick, pollMs);
      timer.unref();
      kick();
    },

    release,

    async stop() {
      await release();
      await running;
    },

    async close() {
      for (const t of Object.values(transports)) await t?.close?.();
    },
  };
}
