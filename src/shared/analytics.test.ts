import { describe, expect, it } from 'vitest';
import { monthLabel, monthsBetween, presetRange, todayIn } from './analytics';

describe('analytics ranges', () => {
  it('reads today in Washington, not UTC', () => {
    expect(todayIn(new Date('2026-03-01T03:00:00Z'))).toBe('2026-02-28');
    expect(todayIn(new Date('2026-03-01T06:00:00Z'))).toBe('2026-03-01');
  });

  it('builds the presets ending today', () => {
    expect(presetRange('30d', '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(presetRange('90d', '2026-03-01')).toEqual({ from: '2025-12-02', to: '2026-03-01' });
    expect(presetRange('12m', '2026-01-15')).toEqual({ from: '2025-02-01', to: '2026-01-15' });
    expect(presetRange('ytd', '2026-06-15')).toEqual({ from: '2026-01-01', to: '2026-06-15' });
  });

  it('lists every month of a range, across years', () => {
    expect(monthsBetween('2025-11-20', '2026-02-01')).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(monthsBetween('2026-02-01', '2026-02-28')).toEqual(['2026-02']);
    expect(monthLabel('2026-03')).toBe('Mar 2026');
  });
});
