import type { Point } from '@shared/geo';
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
    const chosen = hits.filter((h) => eligible.has(h.id)).slice(0, r.limit);
    if (chosen.length === r.limit || !more)
      return chosen.map((h) => ({ technicianId: h.id, distanceMiles: h.distanceMiles! }));
  }
}
