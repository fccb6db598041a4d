import { describe, expect, it } from 'vitest';
import { CANCELLATION_POLICY, cancelsFree, DEPOSIT_CANCELLATION_RULE } from './cancellation';

describe('the cancellation rules', () => {
  const now = new Date('2026-12-01T14:00:00Z');
  const hoursAhead = (h: number) => new Date(now.getTime() + h * 3_600_000);

  it('refund a deposit up to 24 hours before a confirmed window, not after', () => {
    expect(cancelsFree(hoursAhead(48), true, now)).toBe(true);
    expect(cancelsFree(hoursAhead(24), true, now)).toBe(true);
    expect(cancelsFree(hoursAhead(23.9), true, now)).toBe(false);
    expect(cancelsFree(hoursAhead(-1), true, now)).toBe(false);
  });

  it('refund it while no window is confirmed (proposed only, or none)', () => {
    expect(cancelsFree(null, false, now)).toBe(true);
    expect(cancelsFree(hoursAhead(2), false, now)).toBe(true);
  });

  it('say so in the words shown before booking', () => {
    expect(CANCELLATION_POLICY).toBe(
      'Free to cancel until 24 hours before your confirmed arrival window. No fee is ever charged for canceling.',
    );
    expect(DEPOSIT_CANCELLATION_RULE).toContain('refunded in full if you cancel at least 24 hours');
  });
});
