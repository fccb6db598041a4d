import { describe, expect, it } from 'vitest';
import { windowFromInputs } from './window-input';

const NOW = new Date('2026-11-23T17:00:00Z');

describe('windowFromInputs', () => {
  it('turns a date and two times into ISO instants, read as New York times', () => {
    // Whatever the zone the test runs in: 9:00 EST is 14:00 UTC.
    const w = windowFromInputs({ date: '2026-11-24', start: '09:00', end: '11:30' }, NOW);
    expect(w).toEqual({
      ok: true,
      windowStart: '2026-11-24T14:00:00.000Z',
      windowEnd: '2026-11-24T16:30:00.000Z',
    });
  });

  it('names each missing field', () => {
    expect(windowFromInputs({ date: '', start: '', end: '' }, NOW)).toEqual({
      ok: false,
      errors: {
        date: 'Please choose a date',
        start: 'Please choose a start time',
        end: 'Please choose an end time',
      },
    });
  });

  it('refuses a window that ends before it starts, or starts in the past', () => {
    expect(windowFromInputs({ date: '2026-11-24', start: '11:00', end: '11:00' }, NOW)).toEqual({
      ok: false,
      errors: { end: 'The window must end after it starts' },
    });
    expect(windowFromInputs({ date: '2026-11-23', start: '08:00', end: '10:00' }, NOW)).toEqual({
      ok: false,
      errors: { start: 'The window must start in the future' },
    });
  });

  it('refuses what is not a date', () => {
    const w = windowFromInputs({ date: '24/11/2026', start: '09:00', end: '10:00' }, NOW);
    expect(w.ok).toBe(false);
  });
});
