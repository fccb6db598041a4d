import { fromServiceInput } from '@shared/service-time';

/**
 * The window form's fields: a calendar date and two times of day on the service area's clock
 * (America/New_York), whatever the zone of the technician's device.
 */
export type WindowInputs = { date: string; start: string; end: string };

export type WindowResult =
  | { ok: true; windowStart: string; windowEnd: string }
  | { ok: false; errors: { date?: string; start?: string; end?: string } };

const local = (date: string, time: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  return fromServiceInput(`${date}T${time}`);
};

/** The ISO start and end of the window, or a message for each field that is wrong. */
export function windowFromInputs(v: WindowInputs, now: Date): WindowResult {
  const errors: { date?: string; start?: string; end?: string } = {};
  if (!v.date) errors.date = 'Please choose a date';
  if (!v.start) errors.start = 'Please choose a start time';
  if (!v.end) errors.end = 'Please choose an end time';
  if (Object.keys(errors).length) return { ok: false, errors };
  const start = local(v.date, v.start);
  const end = local(v.date, v.end);
  if (!start) return { ok: false, errors: { date: 'Please choose a valid date and time' } };
  if (!end) return { ok: false, errors: { end: 'Please choose a valid time' } };
  if (end <= start) return { ok: false, errors: { end: 'The window must end after it starts' } };
  if (start <= now) return { ok: false, errors: { start: 'The window must start in the future' } };
  return { ok: true, windowStart: start.toISOString(), windowEnd: end.toISOString() };
}
