import { bookingConflict, type TimeWindow } from '@shared/availability';
import type { Point } from '@shared/geo';
import { calendarFacts } from '../../domain/technician-calendar';
import type { DbOrTx } from '../../db/client';
import { searchSnapshot, type Snapshot } from '../../domain/technician-index';
import * as q from './dispatch.queries';

/**
 * The nearest technicians who can take a request: the index ranks listed, available
 * technicians whose plan delivers leads, whose specialty matches and whose service radius
 * reaches the request (nearest, then best rated: no featured boost, dispatch stays nearest
 * first); the database then drops those not certified (ADR 033), at their plan's monthly job
 * cap or already notified. Fetches a wider ranking when too many drop out.
 */
export async function findCandidates(
  db: DbOrTx,
  snapshot: Snapshot,
  r: {
    requestId: number;
    serviceType: string;
    point: Point;
    now: Date;
    limit: number;
    dispatchStartedAt: Date | null;
    maxDistanceMiles: number | null;
    /** The arrival windows the customer picked: technicians free in one are offered it first. */
    windows?: TimeWindow[];
  },
): Promise<{ technicianId: number; distanceMiles: number }[]> {
  for (let k = r.limit * 4; ; k *= 4) {
    const { hits, more } = searchSnapshot(snapshot, {
      point: r.point,
      serviceType: r.serviceType,
      available: true,
      leads: true,
      now: r.now.getTime(),
      ...(r.maxDistanceMiles ? { widenTo: r.maxDistanceMiles } : {}),
      offset: 0,
      limit: k,
      countTotal: false,
    });
    const eligible = await q.eligibleAmong(db, {
      requestId: r.requestId,
      ids: hits.map((h) => h.id),
      now: r.now,
      dispatchStartedAt: r.dispatchStartedAt,
    });
    const ranked = await freeFirst(
      db,
      hits.filter((h) => eligible.has(h.id)),
      r.windows ?? [],
      r.now,
    );
    const chosen = ranked.slice(0, r.limit);
    if (chosen.length === r.limit || !more)
      return chosen.map((h) => ({ technicianId: h.id, distanceMiles: h.distanceMiles! }));
  }
}

/**
 * The technicians free in one of the customer's windows first, each part nearest first (ADR
 * 043): a busy technician is still asked, after them, since they may move their week.
 */
async function freeFirst<T extends { id: number }>(
  db: DbOrTx,
  hits: T[],
  windows: TimeWindow[],
  now: Date,
): Promise<T[]> {
  if (windows.length === 0 || hits.length === 0) return hits;
  const from = new Date(Math.min(...windows.map((w) => w.start.getTime())));
  const to = new Date(Math.max(...windows.map((w) => w.end.getTime())));
  const facts = await calendarFacts(
    db,
    hits.map((h) => h.id),
    from,
    to,
  );
  const free = (h: T) => windows.some((w) => bookingConflict(w, facts.get(h.id)!, now) === null);
  return [...hits.filter(free), ...hits.filter((h) => !free(h))];
}
