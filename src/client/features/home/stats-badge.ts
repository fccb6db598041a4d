import { COMPLETED_JOBS_BADGE_MIN } from '@shared/jobs';
import type { MarketplaceStats } from '@shared/schemas/technicians';

/**
 * The badge's figures, counted from the database: approved technicians, and completed jobs only
 * from COMPLETED_JOBS_BADGE_MIN on (a handful of jobs is no selling point).
 */
export function statsBadgeText(stats: MarketplaceStats | undefined): string {
  if (!stats || stats.approvedTechnicians === 0)
    return 'Certified technicians in the DC metro area';
  const technicians = `${stats.approvedTechnicians}+ certified technicians`;
  return stats.completedJobs >= COMPLETED_JOBS_BADGE_MIN
    ? `${technicians} · ${stats.completedJobs}+ jobs completed`
    : technicians;
}
