import { describe, expect, it } from 'vitest';
import { inQuietHours, localMinute, quietUntil } from './quiet-hours';

const ny = (iso: string) => new Date(iso);

describe('quiet hours', () => {
  it('reads the wall clock in the given time zone, daylight saving included', () => {
    expect(localMinute(ny('2026-01-15T03:30:00Z'), 'America/New_York')).toBe(22 * 60 + 30); // EST
    expect(localMinute(ny('2026-07-15T02:30:00Z'), 'America/New_York')).toBe(22 * 60 + 30); // EDT
    expect(localMinute(ny('2026-07-15T02:30:00Z'), 'America/Los_Angeles')).toBe(19 * 60 + 30);
  });

  it('wraps past midnight: 21:00-07:00', () => {
    const q = { enabled: true, start: '21:00', end: '07:00', timeZone: 'America/New_York' };
    expect(inQuietHours(q, ny('2026-01-16T01:59:00Z'))).toBe(false); // 20:59 EST
    expect(inQuietHours(q, ny('2026-01-16T02:00:00Z'))).toBe(true); // 21:00 EST
    expect(inQuietHours(q, ny('2026-01-16T11:59:00Z'))).toBe(true); // 06:59
    expect(inQuietHours(q, ny('2026-01-16T12:00:00Z'))).toBe(false); // 07:00
    expect(inQuietHours(q, ny('2026-01-16T17:00:00Z'))).toBe(false); // 12:00
  });

  it('a same-day period, a disabled one and an empty one', () => {
    const q = { enabled: true, start: '12:00', end: '13:30', timeZone: 'America/New_York' };
    expect(inQuietHours(q, ny('2026-01-16T17:15:00Z'))).toBe(true); // 12:15
    expect(inQuietHours(q, ny('2026-01-16T18:30:00Z'))).toBe(false); // 13:30
    expect(inQuietHours({ ...q, enabled: false }, ny('2026-01-16T17:15:00Z'))).toBe(false);
    expect(inQuietHours({ ...q, end: '12:00' }, ny('2026-01-16T17:15:00Z'))).toBe(false);
  });
});

describe('quietUntil', () => {
  const q = { enabled: true, start: '21:00', end: '07:00', timeZone: 'America/New_York' };
  it('is the end of the quiet period, past midnight, or null outside it', () => {
    expect(quietUntil(q, new Date('2026-01-16T03:30:20Z'))?.toISOString()).toBe(
      '2026-01-16T12:00:00.000Z',
    ); // 22:30 EST -> 07:00 EST
    expect(quietUntil(q, new Date('2026-01-16T11:59:00Z'))?.toISOString()).toBe(
      '2026-01-16T12:00:00.000Z',
    );
    expect(quietUntil(q, new Date('2026-01-16T15:00:00Z'))).toBeNull();
    expect(quietUntil({ ...q, enabled: false }, new Date('2026-01-16T03:30:00Z'))).toBeNull();
  });
});
