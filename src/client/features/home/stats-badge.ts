import { COMPLETED_JOBS_BADGE_MIN } from '@shared/service-request-rules';
import type { MarketplaceStats } from '@shared/schemas/technicians';

/**
 * The badge's figures, counted from the database: certified technicians (a current verified
 * license and insurance; those still in review are not counted), and completed jobs only from
 * COMPLETED_JOBS_BADGE_MIN on (a handful of jobs is no selling point).
 */
export function statsBadgeText(stats: MarketplaceStats | undefined): string {
  if (!stats || stats.certifiedTechnicians === 0)
    return 'Certified technicians in the DC metro area';
  const technicians = `${stats.certifiedTechnicians}+ certified technicians`;
  return stats.completedJobs >= COMPLETED_JOBS_BADGE_MIN
    ? `${technicians} · ${stats.completedJobs}+ jobs completed`
    : technicians;
}
