import { and, eq, gt, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { serviceRequests } from '../../../db/schema';

/** Scheduled jobs whose confirmed window starts in (now, until], earliest first. */
export function scheduledStartingBy(db: DbOrTx, now: Date, until: Date, limit: number) {
  return db
    .select()
    .from(serviceRequests)
    .where(
      and(
        eq(serviceRequests.status, 'scheduled'),
        gt(serviceRequests.windowStart, now),
        lte(serviceRequests.windowStart, until),
      ),
    )
    .orderBy(serviceRequests.windowStart)
    .limit(limit);
}
