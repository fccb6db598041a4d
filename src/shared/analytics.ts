import { ANALYTICS_TIME_ZONE } from './schemas/analytics';

/** Calendar days and months of the analytics ranges (YYYY-MM-DD / YYYY-MM, platform time). */

/** Today's date where the platform works ('2026-11-24'). */
export const todayIn = (now: Date, timeZone = ANALYTICS_TIME_ZONE) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);

const pad = (n: number) => String(n).padStart(2, '0');

/** `date` moved by whole days. */
export function addDays(date: string, days: number) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The first day of the month `months` months before `date`'s month. */
export function monthStartBefore(date: string, months: number) {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) - months;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}-01`;
}

/** Every month from `from`'s to `to`'s, oldest first ('2026-01', '2026-02', ...). */
export function monthsBetween(from: string, to: string): string[] {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  const out: string[] = [];
  for (let i = fy * 12 + fm - 1; i <= ty * 12 + tm - 1; i++)
    out.push(`${Math.floor(i / 12)}-${pad((i % 12) + 1)}`);
  return out;
}

export const ANALYTICS_PRESETS = [
  { id: '30d', label: 'Last 30 days' },
  { id: '90d', label: 'Last 90 days' },
  { id: '12m', label: 'Last 12 months' },
  { id: 'ytd', label: 'This year' },
] as const;
export type AnalyticsPreset = (typeof ANALYTICS_PRESETS)[number]['id'];

/** A preset's range ending `today`; 'Last 12 months' is this month and the 11 before it. */
export function presetRange(preset: AnalyticsPreset, today: string) {
  switch (preset) {
    case '30d':
      return { from: addDays(today, -29), to: today };
    case '90d':
      return { from: addDays(today, -89), to: today };
    case '12m':
      return { from: monthStartBefore(today, 11), to: today };
    case 'ytd':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/** 'Mar 2026' for '2026-03'. */
export function monthLabel(month: string) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 15)).toLocaleString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
