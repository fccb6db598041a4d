import { describe, expect, it } from 'vitest';
import { COMPLETED_JOBS_BADGE_MIN } from '@shared/jobs';
import { statsBadgeText } from './stats-badge';

describe('the home stats badge', () => {
  it('counts jobs completed only from the threshold on', () => {
    expect(statsBadgeText({ approvedTechnicians: 8, completedJobs: 3 })).toBe(
      '8+ certified technicians',
    );
    expect(
      statsBadgeText({ approvedTechnicians: 8, completedJobs: COMPLETED_JOBS_BADGE_MIN - 1 }),
    ).toBe('8+ certified technicians');
    expect(
      statsBadgeText({ approvedTechnicians: 8, completedJobs: COMPLETED_JOBS_BADGE_MIN }),
    ).toBe(`8+ certified technicians · ${COMPLETED_JOBS_BADGE_MIN}+ jobs completed`);
  });

  it('falls back to words while loading or with no technicians', () => {
    expect(statsBadgeText(undefined)).toBe('Certified technicians in the DC metro area');
    expect(statsBadgeText({ approvedTechnicians: 0, completedJobs: 0 })).toBe(
      'Certified technicians in the DC metro area',
    );
  });
});
