import { ACTIVE_JOB_STATUSES } from '@shared/jobs';
import type { JobDetail } from '@shared/schemas/jobs';

const dayTime: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

/** An arrival window, e.g. 'Tue, Nov 24, 9:00 AM – 11:00 AM'. */
export function formatWindow(start: string, end: string) {
  const s = new Date(start);
  const e = new Date(end);
  const sameDay = s.toDateString() === e.toDateString();
  const endText = sameDay
    ? e.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })
    : e.toLocaleString('en-US', dayTime);
  return `${s.toLocaleString('en-US', dayTime)} – ${endText}`;
}

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
