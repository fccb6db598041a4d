import { useEffect, useRef } from 'react';
import { RequestPhotos } from '../../../../components/request-photos';
import { PickedWindows } from '../../../../components/picked-windows';
import { URGENCY_LABELS } from '@shared/constants/service-types';
import { formatCalendarDate, formatCount } from '../../../../lib/dates';
import type { ServiceRequestDetail } from '../../api/get-service-request';
import { ServiceRequestStatusBadge } from '../../../../components/service-request-status';

/** The request's reference and state, and what it is about. */
export function ServiceRequestHeader({
  job,
  focus = false,
}: {
  job: ServiceRequestDetail;
  focus?: boolean;
}) {
  // Just submitted: the title takes focus (and the view) so the result is what is read first.
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focus) return;
    title.current?.focus({ preventScroll: true });
    window.scrollTo({ top: 0 });
  }, [focus]);
  const vehicle = job.vehicle
    ? `${job.vehicle.year} ${job.vehicle.make} ${job.vehicle.model}`
    : job.vehicleInfo;
  return (
    <header className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <h1
          ref={title}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none"
        >
          Request {job.reference}
        </h1>
        <ServiceRequestStatusBadge status={job.status} data-testid="request-status" />
      </div>
      <p className="text-slate-700">
        <span className="font-semibold">{job.serviceType}</span>
        {vehicle && <> · {vehicle}</>} · {job.location}
      </p>
      <p className="text-sm text-slate-500">Submitted {formatCalendarDate(job.createdAt)}</p>
      {/* What the customer told us, echoed back: how urgent, which day suits, the mileage. */}
      <dl
        className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm"
        data-testid="request-facts"
      >
        <dt className="text-slate-500">Urgency</dt>
        <dd className="text-slate-800">{URGENCY_LABELS[job.urgency]}</dd>
        <dt className="text-slate-500">Preferred date</dt>
        <dd className="text-slate-800">
          {job.preferredDate ? formatCalendarDate(job.preferredDate) : 'Flexible'}
        </dd>
        <dt className="text-slate-500">Arrival windows asked for</dt>
        <dd className="text-slate-800" data-testid="picked-windows">
          <PickedWindows windows={job.requestedWindows} />
        </dd>
        {job.mileage !== null && (
          <>
            <dt className="text-slate-500">Mileage</dt>
            <dd className="text-slate-800">{formatCount(job.mileage)} miles</dd>
          </>
        )}
      </dl>
      {job.problem && <p className="whitespace-pre-line text-sm text-slate-700">{job.problem}</p>}
      <RequestPhotos photos={job.photos} />
    </header>
  );
}
