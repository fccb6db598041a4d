import { and, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { calendarFeeds, serviceRequests } from '../../db/schema';

/** The feed's generation, made (generation 1) on first ask. */
export async function feedGeneration(db: DbOrTx, technicianId: number): Promise<number> {
  await db.insert(calendarFeeds).values({ technicianId }).onConflictDoNothing();
  const [row] = await db
    .select({ generation: calendarFeeds.generation })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.technicianId, technicianId));
  return row!.generation;
}

/** The feed's generation if it was ever made; undefined otherwise. */
export function existingGeneration(db: DbOrTx, technicianId: number) {
  return db
    .select({ generation: calendarFeeds.generation })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.technicianId, technicianId))
    .then((r) => r[0]?.generation);
}

/** Moves the generation on (every earlier URL stops working); the new one. */
export async function nextGeneration(db: DbOrTx, technicianId: number): Promise<number> {
  await db.insert(calendarFeeds).values({ technicianId }).onConflictDoNothing();
  const [row] = await db
    .update(calendarFeeds)
    .set({ generation: sql`${calendarFeeds.generation} + 1`, updatedAt: new Date() })
    .where(eq(calendarFeeds.technicianId, technicianId))
    .returning({ generation: calendarFeeds.generation });
  return row!.generation;
}

/** The technician's jobs with an arrival window in [from, to], the job still theirs. */
export function windowsOf(db: DbOrTx, technicianId: number, from: Date, to: Date) {
  return db
    .select({
      id: serviceRequests.id,
      serviceType: serviceRequests.serviceType,
      location: serviceRequests.location,
      status: serviceRequests.status,
      windowStart: serviceRequests.windowStart,
      windowEnd: serviceRequests.windowEnd,
      windowConfirmedAt: serviceRequests.windowConfirmedAt,
    })
    .from(serviceRequests)
    .where(
      and(
        eq(serviceRequests.assignedTechnicianId, technicianId),
        isNotNull(serviceRequests.windowStart),
        inArray(serviceRequests.status, [
          'accepted',
          'scheduled',
          'en_route',
          'in_progress',
          'completed',
        ]),
        gte(serviceRequests.windowEnd, from),
        lte(serviceRequests.windowStart, to),
      ),
    )
    .orderBy(serviceRequests.windowStart)
    .limit(500);
}
