import { fromServiceInput, serviceClock } from './service-time';

/**
 * A technician's free arrival windows (ADR 043): two-hour windows inside their working hours on
 * the service area's clock, away from their time off and from their booked windows by their
 * travel buffer, on days with room under their jobs-a-day limit, starting at least
 * BOOKING_LEAD_MINUTES from now. The server answers them and checks a booking against the same
 * rule; the database's exclusion constraint is what makes two bookings of one window impossible.
 */

/** Every window offered is two hours long, starting on the hour its working day starts. */
export const WINDOW_MINUTES = 120;
/** How soon a window may start: a technician needs time to get there. */
export const BOOKING_LEAD_MINUTES = 60;
/** How far ahead windows are offered, and the longest range one question may ask for. */
export const AVAILABILITY_DAYS_AHEAD = 14;
/** Windows a customer may pick on one request. */
export const MAX_PICKED_WINDOWS = 3;

/** One weekday's working hours on the service area's clock ('08:00'–'18:00'), or null: off. */
export type WorkingDay = { start: string; end: string } | null;
export type Schedule = {
  /** Sunday first (index 0), as `Date.getDay()` counts. */
  hours: WorkingDay[];
  travelBufferMinutes: number;
  maxJobsPerDay: number;
};

export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** Until a technician sets theirs: Monday to Saturday, 8 AM to 6 PM, 30 minutes, 4 jobs. */
export const DEFAULT_SCHEDULE: Schedule = {
  hours: [null, ...Array.from({ length: 6 }, () => ({ start: '08:00', end: '18:00' }))],
  travelBufferMinutes: 30,
  maxJobsPerDay: 4,
};

export type TimeWindow = { start: Date; end: Date };

const MINUTE = 60_000;
const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
};
const pad = (n: number) => String(n).padStart(2, '0');
const overlaps = (a: TimeWindow, b: TimeWindow) => a.start < b.end && b.start < a.end;

/** The service area's calendar day of a moment, as 'YYYY-MM-DD'. */
export function serviceDay(at: Date): string {
  const c = serviceClock(at);
  return `${c.year}-${pad(c.month)}-${pad(c.day)}`;
}

/** The calendar days from `from`'s to `to`'s (both included), as 'YYYY-MM-DD' and weekday. */
function daysBetween(from: Date, to: Date): { day: string; weekday: number }[] {
  const out: { day: string; weekday: number }[] = [];
  const first = serviceClock(from);
  // Noon UTC of each date: its weekday and date do not depend on any zone's offset.
  let noon = Date.UTC(first.year, first.month - 1, first.day, 12);
  const last = serviceDay(to);
  for (let i = 0; i <= AVAILABILITY_DAYS_AHEAD + 1; i++, noon += 86_400_000) {
    const d = new Date(noon);
    const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
    out.push({ day, weekday: d.getUTCDay() });
    if (day >= last) break;
  }
  return out;
}

/** A day's two-hour windows within its working hours (none on a day off). */
export function dayWindows(day: string, hours: WorkingDay): TimeWindow[] {
  if (!hours) return [];
  const windows: TimeWindow[] = [];
  const end = minutesOf(hours.end);
  for (let m = minutesOf(hours.start); m + WINDOW_MINUTES <= end; m += WINDOW_MINUTES) {
    const start = fromServiceInput(`${day}T${pad(Math.floor(m / 60))}:${pad(m % 60)}`);
    if (start) windows.push({ start, end: new Date(start.getTime() + WINDOW_MINUTES * MINUTE) });
  }
  return windows;
}

export type CalendarFacts = {
  schedule: Schedule;
  timeOff: TimeWindow[];
  /** The technician's booked windows (confirmed, on jobs not finished). */
  booked: TimeWindow[];
};

/** Why a window is not free for this technician, or null when it is. */
export function windowConflict(
  w: TimeWindow,
  facts: CalendarFacts,
  now: Date,
): 'past' | 'time_off' | 'booked' | 'day_full' | null {
  if (w.start.getTime() < now.getTime() + BOOKING_LEAD_MINUTES * MINUTE) return 'past';
  if (facts.timeOff.some((t) => overlaps(w, t))) return 'time_off';
  const buffer = facts.schedule.travelBufferMinutes * MINUTE;
  const padded = {
    start: new Date(w.start.getTime() - buffer),
    end: new Date(w.end.getTime() + buffer),
  };
  if (facts.booked.some((b) => overlaps(padded, b))) return 'booked';
  const day = serviceDay(w.start);
  const sameDay = facts.booked.filter((b) => serviceDay(b.start) === day).length;
  if (sameDay >= facts.schedule.maxJobsPerDay) return 'day_full';
  return null;
}

/** The technician's free two-hour windows that start between `from` and `to`. */
export function freeWindows(facts: CalendarFacts, from: Date, to: Date, now: Date): TimeWindow[] {
  const out: TimeWindow[] = [];
  for (const { day, weekday } of daysBetween(from, to)) {
    for (const w of dayWindows(day, facts.schedule.hours[weekday] ?? null)) {
      if (w.start < from || w.start >= to) continue;
      if (windowConflict(w, facts, now) === null) out.push(w);
    }
  }
  return out;
}

/** Midnight at the end of a calendar day, on the service area's clock. */
function dayWindowsEnd(day: string): Date | null {
  const next = new Date(`${day}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return fromServiceInput(`${next.toISOString().slice(0, 10)}T00:00`);
}

/** Whether a window lies within the technician's working hours of its day. */
export function withinWorkingHours(w: TimeWindow, schedule: Schedule): boolean {
  const day = serviceDay(w.start);
  const hours = schedule.hours[new Date(`${day}T12:00:00Z`).getUTCDay()];
  if (!hours || serviceDay(new Date(w.end.getTime() - 1)) !== day) return false;
  const start = fromServiceInput(`${day}T${hours.start}`);
  // A day worked to midnight ends at the next day's start.
  const end = hours.end === '24:00' ? dayWindowsEnd(day) : fromServiceInput(`${day}T${hours.end}`);
  return !!start && !!end && w.start >= start && w.end <= end;
}

/** Why a customer's window cannot be booked with this technician, or null when it can. */
export function bookingConflict(w: TimeWindow, facts: CalendarFacts, now: Date) {
  if (!withinWorkingHours(w, facts.schedule)) return 'hours' as const;
  return windowConflict(w, facts, now);
}
