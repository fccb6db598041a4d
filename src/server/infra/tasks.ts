import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { jobLeases } from '../db/schema';

const ms = (n: number) => sql`(${Math.max(0, Math.round(n))} * interval '1 millisecond')`;

export type TaskRunner = {
  /** This instance's name in `job_leases.holder`: host, process id and a random part. */
  readonly instanceId: string;
  /**
   * Runs `fn` only when this instance takes the job's lease (free, lapsed, or its own) and at
   * least `intervalMs` passed since the start of the last run that finished, both decided in
   * one conditional update by the database's clock. The lease is renewed while `fn` runs and
   * released when it ends (recording the run); an instance that dies mid-run leaves it to lapse
   * after `leaseMs`, and the next instance runs the job then. Returns whether `fn` ran here.
   */
  runExclusive(
    name: string,
    intervalMs: number,
    leaseMs: number,
    fn: () => Promise<unknown>,
  ): Promise<boolean>;
  /**
   * Runs a job about once per interval across all instances: each instance tries every tenth
   * of the interval (1 s to 60 s), and the first to take the lease once the interval passed
   * runs it. Intervals and leases are multiplied by the config's jobIntervalScale.
   */
  every(name: string, intervalMs: number, leaseMs: number, fn: () => Promise<unknown>): void;
  /** Starts the timers of the jobs registered with `every` (first try at once). */
  start(): void;
  /** Stops the timers: no run starts after this. */
  stop(): void;
  /**
   * Stops the timers, waits (at most `timeoutMs`) for runs in progress, then releases every
   * lease this instance still holds but no longer uses.
   */
  close(timeoutMs: number): Promise<void>;
};

export function createTaskRunner(options: {
  db: Db;
  log: FastifyBaseLogger;
  /** Factor on intervals and leases given to `every` (tests run jobs faster). */
  scale?: number;
  instanceId?: string;
  /** Told of every run this instance made (metrics): the job, its seconds, whether it ended well. */
  onRun?: (name: string, seconds: number, ok: boolean) => void;
  /** Told of every job that could run here, once, when it is registered (metrics start at 0). */
  onRegister?: (name: string) => void;
  /** Told of the error a run ended with (error reports); must not throw. */
  onError?: (name: string, error: unknown) => void;
}): TaskRunner {
  const { db, log } = options;
  const scale = options.scale ?? 1;
  const instanceId =
    options.instanceId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const running = new Map<string, Promise<boolean>>();
  /** Jobs whose row exists (inserted once, then only updated). */
  const known = new Set<string>();
  const scheduled: { name: string; tickMs: number; run: () => void }[] = [];
  const timers: NodeJS.Timeout[] = [];
  let stopped = false;

  async function take(name: string, intervalMs: number, leaseMs: number) {
    if (!known.has(name)) {
      await db.insert(jobLeases).values({ name }).onConflictDoNothing();
      known.add(name);
    }
    const taken = await db
      .update(jobLeases)
      .set({
        holder: instanceId,
        leaseUntil: sql`now() + ${ms(leaseMs)}`,
        startedAt: sql`now()`,
      })
      .where(
        and(
          eq(jobLeases.name, name),
          sql`(${jobLeases.holder} is null or ${jobLeases.leaseUntil} is null
               or ${jobLeases.leaseUntil} < now() or ${jobLeases.holder} = ${instanceId})`,
          sql`(${jobLeases.lastRunAt} is null or ${jobLeases.lastRunAt} <= now() - ${ms(intervalMs)})`,
        ),
      )
      .returning({ name: jobLeases.name });
    return taken.length === 1;
  }

  async function renew(name: string, leaseMs: number) {
    const kept = await db
      .update(jobLeases)
      .set({ leaseUntil: sql`now() + ${ms(leaseMs)}` })
      .where(and(eq(jobLeases.name, name), eq(jobLeases.holder, instanceId)))
      .returning({ name: jobLeases.name });
    if (kept.length === 0) log.warn({ job: name }, 'job lease lost while running');
  }

  async function finish(name: string, error: string | null) {
    const done = await db
      .update(jobLeases)
      .set({
        holder: null,
        leaseUntil: null,
        lastRunAt: sql`${jobLeases.startedAt}`,
        lastFinishedAt: sql`now()`,
        lastHolder: instanceId,
        lastError: error,
        runs: sql`${jobLeases.runs} + 1`,
      })
      .where(and(eq(jobLeases.name, name), eq(jobLeases.holder, instanceId)))
      .returning({ name: jobLeases.name });
    if (done.length === 0)
      log.warn({ job: name }, 'job lease had lapsed and was taken by another instance');
  }

  async function runOnce(
    name: string,
    intervalMs: number,
    leaseMs: number,
    fn: () => Promise<unknown>,
  ) {
    if (!(await take(name, intervalMs, leaseMs))) return false;
    const renewal = setInterval(
      () =>
        void renew(name, leaseMs).catch((err: unknown) =>
          log.warn({ err, job: name }, 'could not renew a job lease'),
        ),
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    renewal.unref();
    let error: string | null = null;
    const started = performance.now();
    try {
      await fn();
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      log.error({ err, job: name }, `${name} failed`);
      options.onError?.(name, err);
    } finally {
      clearInterval(renewal);
    }
    options.onRun?.(name, (performance.now() - started) / 1000, error === null);
    await finish(name, error);
    return true;
  }

  async function runExclusive(
    name: string,
    intervalMs: number,
    leaseMs: number,
    fn: () => Promise<unknown>,
  ): Promise<boolean> {
    // One run per job at a time in this instance (the lease keeps the other instances out).
    if (running.has(name)) return false;
    const run = runOnce(name, intervalMs, leaseMs, fn);
    running.set(name, run);
    try {
      return await run;
    } finally {
      running.delete(name);
    }
  }

  return {
    instanceId,
    runExclusive,
    every(name, intervalMs, leaseMs, fn) {
      options.onRegister?.(name);
      const interval = intervalMs * scale;
      const lease = leaseMs * scale;
      const tickMs = scale * Math.min(60_000, Math.max(1000, intervalMs / 10));
      scheduled.push({
        name,
        tickMs,
        run: () => {
          if (stopped) return;
          runExclusive(name, interval, lease, fn).catch((err: unknown) =>
            log.error({ err, job: name }, `${name}: could not take its lease`),
          );
        },
      });
    },
    start() {
      if (stopped) return;
      for (const job of scheduled) {
        job.run();
        const timer = setInterval(job.run, job.tickMs);
        timer.unref();
        timers.push(timer);
      }
    },
    stop() {
      stopped = true;
      timers.splice(0).forEach(clearInterval);
    },
    async close(timeoutMs) {
      this.stop();
      const inProgress = [...running.values()];
      if (inProgress.length) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.allSettled(inProgress),
          new Promise((r) => (timer = setTimeout(r, timeoutMs))),
        ]);
        clearTimeout(timer);
      }
      // A run still going keeps its lease (it lapses if this process exits first).
      const busy = [...running.keys()];
      await db
        .update(jobLeases)
        .set({ holder: null, leaseUntil: null })
        .where(
          and(
            eq(jobLeases.holder, instanceId),
            isNotNull(jobLeases.holder),
            ...(busy.length ? [notInArray(jobLeases.name, busy)] : []),
          ),
        );
    },
  };
}
