import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../db/client';
import { liveStreams } from '../db/schema';

/** A stream whose heartbeat (every 25 s) is older than this is no longer live. */
export const LIVE_WINDOW_MS = 60_000;

/**
 * Records an open technician stream in the database, so dispatch on any instance knows the
 * technician has the page open. `touch` on each heartbeat, `end` when the stream closes.
 */
export function trackPresence(app: FastifyInstance, technicianId: number) {
  const id = randomUUID();
  // In order: an `end` never overtakes the insert on another pool connection.
  let last: Promise<unknown> = Promise.resolve();
  const then = (write: () => PromiseLike<unknown>) => {
    last = last
      .then(write)
      .catch((err: unknown) => app.log.warn({ err }, 'presence: could not record the stream'));
  };
  then(() => app.db.insert(liveStreams).values({ id, technicianId, seenAt: app.clock() }));
  return {
    touch: () =>
      then(() =>
        app.db.update(liveStreams).set({ seenAt: app.clock() }).where(eq(liveStreams.id, id)),
      ),
    end: () => then(() => app.db.delete(liveStreams).where(eq(liveStreams.id, id))),
  };
}

/** Which of the technicians have a live stream open on some instance. */
export async function liveTechnicians(db: DbOrTx, ids: number[], now: Date) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .selectDistinct({ id: liveStreams.technicianId })
    .from(liveStreams)
    .where(
      and(
        inArray(liveStreams.technicianId, ids),
        gt(liveStreams.seenAt, new Date(now.getTime() - LIVE_WINDOW_MS)),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Drops rows left by instances that died without closing their streams. */
export function pruneLiveStreams(db: DbOrTx, now: Date) {
  return db
    .delete(liveStreams)
    .where(lt(liveStreams.seenAt, new Date(now.getTime() - 10 * LIVE_WINDOW_MS)));
}
