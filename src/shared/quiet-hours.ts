/** A technician's quiet hours: 'HH:MM' start and end in an IANA time zone; may wrap midnight. */
export type QuietHours = { enabled: boolean; start: string; end: string; timeZone: string };

const minutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h! * 60 + m!;
};

/** The wall-clock minute of the day at `at` in `timeZone`. */
export function localMinute(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return (get('hour') % 24) * 60 + get('minute');
}

/**
 * Whether `at` falls in the quiet period. Start is included, end is not; 22:00-07:00 wraps
 * past midnight; equal start and end mean no quiet period.
 */
export function inQuietHours(q: QuietHours, at: Date): boolean {
  if (!q.enabled) return false;
  const start = minutes(q.start);
  const end = minutes(q.end);
  if (start === end) return false;
  const now = localMinute(at, q.timeZone);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/**
 * When the quiet period `at` falls in ends (to the minute), or null when `at` is not quiet:
 * news held back for quiet hours goes out then.
 */
export function quietUntil(q: QuietHours, at: Date): Date | null {
  if (!inQuietHours(q, at)) return null;
  const left = (minutes(q.end) - localMinute(at, q.timeZone) + 1440) % 1440;
  const start = new Date(at);
  start.setUTCSeconds(0, 0);
  return new Date(start.getTime() + left * 60_000);
}

/** Texts to customers wait for the morning: none from 9 PM to 8 AM on the service area's clock. */
export const CUSTOMER_TEXT_QUIET = { enabled: true, start: '21:00', end: '08:00' } as const;
