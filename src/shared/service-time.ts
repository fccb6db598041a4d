/**
 * Times as the service area's clock shows them (DC / MD / VA: America/New_York), whatever the
 * zone of the device or server that formats them: e-mails, SMS, the request page and the .ics
 * file all say the same thing, with the zone named (EST or EDT).
 */
export const SERVICE_TIME_ZONE = 'America/New_York';

/**
 * A formatter made on first use: the first one with a time zone loads the zone's data, tens of
 * milliseconds on a phone, which a page that shows no time (the home page) should not spend
 * while its code loads.
 */
function lazyFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= new Intl.DateTimeFormat('en-US', options));
}

const partsFormat = lazyFormat({
  timeZone: SERVICE_TIME_ZONE,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZoneName: 'short',
});

type Parts = { day: string; time: string; period: string; zone: string };

function partsOf(at: Date): Parts {
  const p = partsFormat().formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => p.find((x) => x.type === type)?.value ?? '';
  return {
    day: `${get('weekday')}, ${get('month')} ${get('day')}`,
    time: `${get('hour')}:${get('minute')}`,
    period: get('dayPeriod').toUpperCase(),
    zone: get('timeZoneName'),
  };
}

const asDate = (d: Date | string) => (typeof d === 'string' ? new Date(d) : d);

/** One moment: 'Tue, Dec 1, 9:00 AM EST'. */
export function formatServiceTime(at: Date | string): string {
  const p = partsOf(asDate(at));
  return `${p.day}, ${p.time} ${p.period} ${p.zone}`;
}

/**
 * An arrival window: 'Tue, Dec 1, 9:00–11:00 AM EST', '… 11:00 AM–1:00 PM EST', or both
 * moments in full when it spans days (or the zone changes within it).
 */
export function formatWindow(start: Date | string, end: Date | string): string {
  const a = partsOf(asDate(start));
  const b = partsOf(asDate(end));
  if (a.day !== b.day || a.zone !== b.zone)
    return `${formatServiceTime(start)} – ${formatServiceTime(end)}`;
  if (a.period === b.period) return `${a.day}, ${a.time}–${b.time} ${b.period} ${b.zone}`;
  return `${a.day}, ${a.time} ${a.period}–${b.time} ${b.period} ${b.zone}`;
}

const numericFormat = lazyFormat({
  timeZone: SERVICE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The service area's wall clock at a moment, as numbers. */
export function serviceClock(at: Date) {
  const p = numericFormat().formatToParts(at);
  const n = (type: Intl.DateTimeFormatPartTypes) =>
    Number(p.find((x) => x.type === type)?.value ?? 0);
  return {
    year: n('year'),
    month: n('month'),
    day: n('day'),
    hour: n('hour') % 24,
    minute: n('minute'),
    second: n('second'),
  };
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** A moment as a `datetime-local` value on the service area's clock ('2026-12-01T09:00'). */
export function toServiceInput(at: Date | string): string {
  const c = serviceClock(asDate(at));
  return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}T${pad(c.hour)}:${pad(c.minute)}`;
}

/**
 * A typed `datetime-local` value read as the service area's clock, not the browser's: the
 * moment it names, or null when it is not one. (A time in the hour skipped at the spring change
 * reads an hour earlier; one in the repeated autumn hour is the first of the two.)
 */
export function fromServiceInput(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0)) as number[];
  const asUtc = Date.UTC(y!, mo! - 1, d!, h!, mi!, s ?? 0);
  if (Number.isNaN(asUtc) || new Date(asUtc).getUTCDate() !== d) return null;
  // The zone's offset at a guess, then at the corrected moment (DST changes between them).
  const offsetAt = (t: number) => {
    const c = serviceClock(new Date(t));
    return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - t;
  };
  let t = asUtc - offsetAt(asUtc);
  t = asUtc - offsetAt(t);
  return new Date(t);
}

/** Whether two moments fall on the same day of the service area's calendar. */
export function sameServiceDay(a: Date | string, b: Date | string): boolean {
  const x = serviceClock(new Date(a));
  const y = serviceClock(new Date(b));
  return x.year === y.year && x.month === y.month && x.day === y.day;
}

/** How long before a window's start an ETA from the technician's base still means anything. */
const ETA_LEAD_MS = 3 * 3600_000;

/**
 * Whether setting off now is setting off for this window: its day on the service area's
 * calendar, from three hours before it starts until it ends. Earlier, 'on my way' needs the
 * technician's confirmation and an arrival estimate would be untrue.
 */
export function isSettingOffFor(window: { start: Date | string; end: Date | string }, now: Date) {
  const start = new Date(window.start).getTime();
  const end = new Date(window.end).getTime();
  const t = now.getTime();
  return sameServiceDay(window.start, now) && t >= start - ETA_LEAD_MS && t <= end;
}
