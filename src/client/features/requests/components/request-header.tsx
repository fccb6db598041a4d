import { RequestPhotos } from '../../../components/request-photos';
import { formatCalendarDate } from '../../../lib/dates';
import type { JobDetail } from '../api/get-request';
import { StatusBadge } from './status-badge';

/** The request's reference and state, and what it is about. */
export function RequestHeader({ job }: { job: JobDetail }) {
  const vehicle = job.vehicle
    ? `${job.vehicle.year} ${job.vehicle.make} ${job.vehicle.model}`
    : job.vehicleInfo;
  return (
    <header className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">
          Request {job.reference}
        </h1>
        <StatusBadge status={job.status} />
      </div>
      <p className="text-slate-700">
        <span className="font-semibold">{job.serviceType}</span>
        {vehicle && <> · {vehicle}</>} · {job.location}
      </p>
      <p className="text-sm text-slate-500">Submitted {formatCalendarDate(job.createdAt)}</p>
      {job.problem && <p className="whitespace-pre-line text-sm text-slate-700">{job.problem}</p>}
      <RequestPhotos photos={job.photos} />
    </header>
  );
}
