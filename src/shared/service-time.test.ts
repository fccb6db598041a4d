import { describe, expect, it } from 'vitest';
import {
  formatServiceTime,
  formatWindow,
  fromServiceInput,
  isSettingOffFor,
  sameServiceDay,
  toServiceInput,
} from './service-time';

describe('service area time', () => {
  it('shows a window on the New York clock with its zone, whatever the process zone', () => {
    expect(formatWindow('2026-12-01T14:00:00Z', '2026-12-01T16:00:00Z')).toBe(
      'Tue, Dec 1, 9:00–11:00 AM EST',
    );
    expect(formatWindow('2026-07-01T15:00:00Z', '2026-07-01T17:00:00Z')).toBe(
      'Wed, Jul 1, 11:00 AM–1:00 PM EDT',
    );
    expect(formatWindow('2026-12-02T03:00:00Z', '2026-12-02T06:00:00Z')).toBe(
      'Tue, Dec 1, 10:00 PM EST – Wed, Dec 2, 1:00 AM EST',
    );
    expect(formatServiceTime(new Date('2026-12-01T05:00:00Z'))).toBe('Tue, Dec 1, 12:00 AM EST');
  });

  it('reads typed times as New York times, across daylight saving', () => {
    expect(fromServiceInput('2026-12-01T09:00')?.toISOString()).toBe('2026-12-01T14:00:00.000Z');
    expect(fromServiceInput('2026-07-01T09:00')?.toISOString()).toBe('2026-07-01T13:00:00.000Z');
    expect(fromServiceInput('2026-11-01T01:30')?.toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(fromServiceInput('2026-02-30T09:00')).toBeNull();
    expect(fromServiceInput('tomorrow')).toBeNull();
    expect(toServiceInput('2026-07-01T13:00:00Z')).toBe('2026-07-01T09:00');
  });
});

describe('isSettingOffFor', () => {
  const window = { start: '2026-12-01T14:00:00Z', end: '2026-12-01T16:00:00Z' };
  it('is the window day, from three hours before the start to its end, on the New York calendar', () => {
    expect(isSettingOffFor(window, new Date('2026-12-01T13:00:00Z'))).toBe(true);
    expect(isSettingOffFor(window, new Date('2026-12-01T15:59:00Z'))).toBe(true);
    expect(isSettingOffFor(window, new Date('2026-12-01T10:59:00Z'))).toBe(false);
    expect(isSettingOffFor(window, new Date('2026-12-01T16:01:00Z'))).toBe(false);
    // 8 PM on Monday in New York is Tuesday in UTC: still the day before.
    expect(isSettingOffFor(window, new Date('2026-12-01T01:00:00Z'))).toBe(false);
    expect(sameServiceDay('2026-12-01T04:59:00Z', '2026-11-30T12:00:00Z')).toBe(true);
  });
});
