import { SERVICE_TIME_ZONE } from '@shared/service-time';

/**
 * Every date and time the app shows, in one place: on the service area's clock
 * (America/New_York), whatever the device's zone says, with the zone named where a time of day
 * is shown. ESLint refuses formatting a Date anywhere else in the client.
 */

/** A bare calendar date ('YYYY-MM-DD') is a day, not a moment: no zone may move it. */
const isCalendarDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
const moment = (value: string | number | Date) =>
  typeof value === 'string' && isCalendarDate(value)
    ? new Date(`${value}T12:00:00Z`)
    : new Date(value);
const zoneOf = (value: string | number | Date) =>
  typeof value === 'string' && isCalendarDate(value) ? 'UTC' : SERVICE_TIME_ZONE;

const SHORT = { month: 'short', day: '2-digit', year: 'numeric' } as const;
const CALENDAR = { year: 'numeric', month: 'short', day: 'numeric' } as const;
const MOMENT = { ...CALENDAR, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' } as const;
const CLOCK = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

/** 'MMM dd, yyyy', e.g. 'Nov 03, 2026': billing and admin dates. */
export const formatShortDate = (value: string) =>
  moment(value).toLocaleDateString('en-US', { ...SHORT, timeZone: zoneOf(value) });

/** A calendar date or a moment's day as 'MMM d, yyyy', e.g. 'Nov 3, 2026'. */
export const formatCalendarDate = (value: string) =>
  moment(value).toLocaleDateString('en-US', { ...CALENDAR, timeZone: zoneOf(value) });

/** A moment with its zone named: 'Nov 28, 2026, 5:13 PM EST'. */
export const formatTimestamp = (value: string | number | Date) =>
  new Date(value).toLocaleString('en-US', { ...MOMENT, timeZone: SERVICE_TIME_ZONE });

/** A time of day as 'HH:MM' on the 24-hour clock, on the service area's clock. */
export const formatClock = (at: number | Date) =>
  new Date(at).toLocaleTimeString('en-GB', { ...CLOCK, timeZone: SERVICE_TIME_ZONE });

let count: Intl.NumberFormat | undefined;
/** A count or distance with thousands separators: '12,000'. */
export const formatCount = (n: number) => (count ??= new Intl.NumberFormat('en-US')).format(n);

/** Eastern Standard Time's offset: New York's year always turns in winter, on EST. */
const EST_OFFSET_MS = 5 * 60 * 60 * 1000;

/**
 * This year on the service area's calendar (the footer's copyright). Worked out without a
 * time-zone formatter: every page's footer shows it, and the first such formatter costs a phone
 * tens of milliseconds as the page comes alive.
 */
export const currentYear = (now: Date = new Date()) =>
  new Date(now.getTime() - EST_OFFSET_MS).getUTCFullYear();
