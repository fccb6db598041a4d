import {
  bookingConflict,
  DEFAULT_SCHEDULE,
  type CalendarFacts,
  type Schedule,
  type TimeWindow,
} from '@shared/availability';
import type { DbOrTx } from '../db/client';
import { isExclusionViolation } from '../infra/db-errors';
import * as q from './technician-calendar.queries';

/**
 * What decides a technician's free windows (ADR 043), read for several technicians at once:
 * their week (or the default), time off and booked windows around [from, to). A day either side
 * is read too, so that a booking's travel buffer and the day's count are whole.
 */
export async function calendarFacts(
  db: DbOrTx,
  ids: number[],
  from: Date,
  to: Date,
  except: number | null = null,
): Promise<Map<number, CalendarFacts>> {
  const day = 86_400_000;
  const wideFrom = new Date(from.getTime() - day);
  const wideTo = new Date(to.getTime() + day);
  // One after another: `db` may be a transaction, whose connection runs one query at a time.
  const schedules = await q.schedulesOf(db, ids);
  const timeOff = await q.timeOffOf(db, ids, wideFrom, wideTo);
  const booked = await q.bookedWindowsOf(db, ids, wideFrom, wideTo, except);
  const facts = new Map<number, CalendarFacts>(
    ids.map((id) => [id, { schedule: DEFAULT_SCHEDULE, timeOff: [], booked: [] }]),
  );
  for (const s of schedules) facts.get(s.technicianId)!.schedule = s;
  for (const t of timeOff)
    facts.get(t.technicianId)!.timeOff.push({ start: t.startsAt, end: t.endsAt });
  for (const b of booked)
    facts.get(b.technicianId)!.booked.push({ start: new Date(b.start), end: new Date(b.end) });
  return facts;
}

/** A technician's week as saved, or the default. */
export async function scheduleOf(db: DbOrTx, technicianId: number): Promise<Schedule | null> {
  const [row] = await q.schedulesOf(db, [technicianId]);
  return row ?? null;
}

export const WINDOW_TAKEN = 'You already have a job booked in that arrival window';
const CONFLICT_MESSAGES = {
  past: 'That arrival window is too soon or has passed',
  hours: 'That arrival window is outside your working hours',
  time_off: 'That arrival window falls in your time off',
  booked: WINDOW_TAKEN,
  day_full: 'You have reached your jobs for that day',
} as const;

/**
 * The first of `windows` the technician can be booked in, read in the caller's transaction
 * (which holds the technician's row, so that two of their bookings do not pass this at once;
 * the database's exclusion constraint refuses an overlap whatever happens). `except`: the
 * request being booked (its own window is not a conflict).
 */
export async function firstBookable(
  db: DbOrTx,
  technicianId: number,
  windows: TimeWindow[],
  now: Date,
  except: number,
): Promise<{ window: TimeWindow | null; reason: string | null }> {
  if (windows.length === 0) return { window: null, reason: null };
  const from = new Date(Math.min(...windows.map((w) => w.start.getTime())));
  const to = new Date(Math.max(...windows.map((w) => w.end.getTime())));
  const facts = (await calendarFacts(db, [technicianId], from, to, except)).get(technicianId)!;
  let reason: string | null = null;
  for (const w of windows) {
    const conflict = bookingConflict(w, facts, now);
    if (!conflict) return { window: w, reason: null };
    reason ??= CONFLICT_MESSAGES[conflict];
  }
  return { window: null, reason };
}

/** Whether an error is the database refusing a second booking of a technician's time. */
export const isDoubleBooking = (err: unknown) =>
  isExclusionViolation(err, 'service_requests_booking_ex');
