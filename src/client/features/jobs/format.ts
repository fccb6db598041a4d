import { ACTIVE_JOB_STATUSES } from '@shared/jobs';
import type { JobDetail } from '@shared/schemas/jobs';

/** An arrival window on the service area's clock, zone named: 'Tue, Dec 1, 9:00–11:00 AM EST'. */
export { formatWindow } from '@shared/service-time';

/** The job's vehicle in one line: the customer's saved vehicle, or what they typed. */
export function vehicleLine(job: Pick<JobDetail, 'vehicle' | 'vehicleInfo'>) {
  const v = job.vehicle;
  if (!v) return job.vehicleInfo;
  return [
    `${v.year} ${v.make} ${v.model}`,
    v.mileage != null && `${v.mileage.toLocaleString('en-US')} miles`,
    v.vin && `VIN ${v.vin}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Accepted, scheduled, en route or in progress: quotes can still be made for it. */
export const isActiveJob = (job: Pick<JobDetail, 'status'>) =>
  (ACTIVE_JOB_STATUSES as readonly string[]).includes(job.status);
