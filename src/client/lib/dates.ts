/** 'MMM dd, yyyy', e.g. 'Nov 03, 2026': billing and admin dates. */
export const formatShortDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric' });

/**
 * A calendar date ('YYYY-MM-DD') or timestamp as 'MMM d, yyyy', e.g. 'Nov 3, 2026'. A bare date
 * is read at local noon so no time zone moves it to the day before.
 */
export const formatCalendarDate = (value: string) =>
  new Date(value.length === 10 ? `${value}T12:00:00` : value).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });

/** A time of day as 'HH:MM' on the 24-hour clock, in the device's time zone. */
export const formatClock = (at: number | Date) => {
  const d = new Date(at);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};
