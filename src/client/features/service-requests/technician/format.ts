import { formatCount } from '../../../lib/dates';
import { ACTIVE_JOB_STATUSES } from '@shared/service-request-rules';
import type { ServiceRequestDetail } from '@shared/schemas/service-request-views';

/** An arrival window on the service area's clock, zone named: 'Tue, Dec 1, 9:00–11:00 AM EST'. */
export { formatWindow } from '@shared/service-time';

/** The job's vehicle in one line: the customer's saved vehicle, or what they typed. */
export function vehicleLine(
  job: Pick<ServiceRequestDetail, 'vehicle' | 'vehicleInfo' | 'mileage'>,
) {
  const v = job.vehicle;
  return (
    [
      v ? `${v.year} ${v.make} ${v.model}` : job.vehicleInfo,
      job.mileage != null && `${formatCount(job.mileage)} miles`,
      v?.vin && `VIN ${v.vin}`,
    ]
      .filter(Boolean)
      .join(' · ') || null
  );
}

/** Accepted, scheduled, en route or in progress: quotes can still be made for it. */
export const isActiveJob = (job: Pick<ServiceRequestDetail, 'status'>) =>
  (ACTIVE_JOB_STATUSES as readonly string[]).includes(job.status);
