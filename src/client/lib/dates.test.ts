import { describe, expect, it } from 'vitest';
import { serviceClock } from '@shared/service-time';
import {
  currentYear,
  formatCalendarDate,
  formatClock,
  formatCount,
  formatShortDate,
  formatTimestamp,
} from './dates';

// 03:30 UTC on Nov 29 is still Nov 28 in Washington: a device in UTC (or Tokyo) must not say 29.
const LATE_EVENING = '2026-11-29T03:30:00.000Z';

describe('dates on the service area clock', () => {
  it('shows a moment in Eastern time with its zone named, whatever the device zone', () => {
    expect(formatTimestamp(LATE_EVENING)).toBe('Nov 28, 2026, 10:30 PM EST');
    expect(formatTimestamp('2026-07-04T16:00:00.000Z')).toBe('Jul 4, 2026, 12:00 PM EDT');
  });

  it('gives a moment the day it had in Washington', () => {
    expect(formatShortDate(LATE_EVENING)).toBe('Nov 28, 2026');
    expect(formatCalendarDate(LATE_EVENING)).toBe('Nov 28, 2026');
  });

  it('never moves a bare calendar date', () => {
    expect(formatShortDate('2026-11-03')).toBe('Nov 03, 2026');
    expect(formatCalendarDate('2026-01-01')).toBe('Jan 1, 2026');
  });

  it('shows a time of day on the 24-hour clock in Eastern time', () => {
    expect(formatClock(new Date(LATE_EVENING))).toBe('22:30');
  });

  it('separates thousands', () => {
    expect(formatCount(120345)).toBe('120,345');
  });

  it("turns the year at midnight in Washington, not in the device's zone", () => {
    expect(currentYear(new Date('2027-01-01T04:59:59.000Z'))).toBe(2026);
    expect(currentYear(new Date('2027-01-01T05:00:00.000Z'))).toBe(2027);
    expect(currentYear(new Date('2026-07-04T02:00:00.000Z'))).toBe(2026);
    // The same year as New York's clock (a zone formatter) says, a week apart through the year.
    for (let day = 0; day < 366; day += 7) {
      const at = new Date(Date.UTC(2026, 0, 1, 4, 30) + day * 86_400_000);
      expect(currentYear(at)).toBe(serviceClock(at).year);
    }
  });
});
