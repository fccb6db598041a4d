import { describe, expect, it } from 'vitest';
import { COMPLETED_JOBS_BADGE_MIN } from '@shared/service-request-rules';
import { statsBadgeText } from './stats-badge';

const stats = (certified: number, completedJobs: number) => ({
  approvedTechnicians: certified + 2,
  certifiedTechnicians: certified,
  completedJobs,
});

describe('the home stats badge', () => {
  it('counts jobs completed only from the threshold on', () => {
    expect(statsBadgeText(stats(8, 3))).toBe('8+ certified technicians');
    expect(statsBadgeText(stats(8, COMPLETED_JOBS_BADGE_MIN - 1))).toBe('8+ certified technicians');
    expect(statsBadgeText(stats(8, COMPLETED_JOBS_BADGE_MIN))).toBe(
      `8+ certified technicians · ${COMPLETED_JOBS_BADGE_MIN}+ jobs completed`,
    );
  });

  it('counts only certified technicians, not those whose credentials are in review', () => {
    expect(
      statsBadgeText({ approvedTechnicians: 9, certifiedTechnicians: 7, completedJobs: 0 }),
    ).toBe('7+ certified technicians');
  });

  it('falls back to words while loading or with no certified technicians', () => {
    expect(statsBadgeText(undefined)).toBe('Certified technicians in the DC metro area');
    expect(statsBadgeText(stats(0, 0))).toBe('Certified technicians in the DC metro area');
  });
});
