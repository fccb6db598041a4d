import { and, asc, eq, gt, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { Schedule } from '@shared/availability';
import { ACTIVE_JOB_STATUSES } from '@shared/service-request-rules';
import type { DbOrTx } from '../db/client';
import { serviceRequests, technicianSchedules, technicianTimeOff } from '../db/schema';

/** The working weeks the technicians among `ids` set (those without one are absent). */
export function schedulesOf(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      technicianId: technicianSchedules.technicianId,
      hours: technicianSchedules.hours,
      travelBufferMinutes: technicianSchedules.travelBufferMinutes,
      maxJobsPerDay: technicianSchedules.maxJobsPerDay,
    })
    .from(technicianSchedules)
    .where(inArray(technicianSchedules.technicianId, ids));
}

export function upsertSchedule(db: DbOrTx, technicianId: number, s: Schedule, at: Date) {
  return db
    .insert(technicianSchedules)
    .values({ technicianId, ...s, updatedAt: at })
    .onConflictDoUpdate({
      target: technicianSchedules.technicianId,
      set: { ...s, updatedAt: at },
    });
}

/** The time off of the technicians among `ids` that touches [from, to), earliest first. */
export function timeOffOf(db: DbOrTx, ids: number[], from: Date, to: Date) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(technicianTimeOff)
    .where(
      and(
        inArray(technicianTimeOff.technicianId, ids),
        lt(technicianTimeOff.startsAt, to),
        gt(technicianTimeOff.endsAt, from),
      ),
    )
    .orderBy(asc(technicianTimeOff.startsAt), asc(technicianTimeOff.id));
}

/** The technician's time off that has not ended at `now`, earliest first. */
export function upcomingTimeOff(db: DbOrTx, technicianId: number, now: Date) {
  return db
    .select()
    .from(technicianTimeOff)
    .where(and(eq(technicianTimeOff.technicianId, technicianId), gt(technicianTimeOff.endsAt, now)))
    .orderBy(asc(technicianTimeOff.startsAt), asc(technicianTimeOff.id));
}

export function insertTimeOff(
  db: DbOrTx,
  row: { technicianId: number; startsAt: Date; endsAt: Date; note: string | null },
) {
  return db
    .insert(technicianTimeOff)
    .values(row)
    .returning()
    .then((r) => r[0]!);
}

/** Deletes one of the technician's own time off; the number deleted (0: not theirs). */
export function deleteTimeOff(db: DbOrTx, technicianId: number, id: number) {
  return db
    .delete(technicianTimeOff)
    .where(and(eq(technicianTimeOff.id, id), eq(technicianTimeOff.technicianId, technicianId)))
    .returning({ id: technicianTimeOff.id })
    .then((r) => r.length);
}

/**
 * The booked windows of the technicians among `ids` (confirmed windows of their jobs not
 * finished) that touch [from, to), other than request `except`'s.
 */
export function bookedWindowsOf(
  db: DbOrTx,
  ids: number[],
  from: Date,
  to: Date,
  except: number | null = null,
) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      technicianId: sql<number>`${serviceRequests.assignedTechnicianId}`,
      start: sql<Date>`${serviceRequests.windowStart}`,
      end: sql<Date>`${serviceRequests.windowEnd}`,
    })
    .from(serviceRequests)
    .where(
      and(
        inArray(serviceRequests.assignedTechnicianId, ids),
        inArray(serviceRequests.status, [...ACTIVE_JOB_STATUSES]),
        isNotNull(serviceRequests.windowConfirmedAt),
        lt(serviceRequests.windowStart, to),
        gt(serviceRequests.windowEnd, from),
        except === null ? undefined : ne(serviceRequests.id, except),
      ),
    );
}
