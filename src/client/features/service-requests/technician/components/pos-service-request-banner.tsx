import { ArrowLeft, Wrench } from 'lucide-react';
import { Link } from 'react-router';
import { SERVICE_REQUEST_STATUS_LABELS } from '@shared/service-request-rules';
import type { ServiceRequestDetail } from '@shared/schemas/service-request-views';
import { myJobPath } from '@shared/paths';
import { isActiveJob } from '../format';

/**
 * On the point of sale opened from a job: which job the quote is for, and the way back; nothing
 * when it was opened from no job (`reference` null).
 */
export function PosServiceRequestBanner({
  reference,
  job,
  failed,
}: {
  reference: string | null;
  job: ServiceRequestDetail | undefined;
  failed: boolean;
}) {
  if (reference === null) return null;
  const text = failed
    ? `Job ${reference} could not be loaded: this quote will not be attached to a job.`
    : job && !isActiveJob(job)
      ? `Job ${reference} is ${SERVICE_REQUEST_STATUS_LABELS[job.status].toLowerCase()}: quotes can only be added to active jobs.`
      : job
        ? `Quote for job ${reference}: ${job.serviceType} for ${job.customer.name}.`
        : null;
  if (!text) return null;
  return (
    <div
      role="status"
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-md border border-brand-200 bg-brand-50 p-3 text-sm"
    >
      <span className="flex items-center gap-2">
        <Wrench className="h-4 w-4 shrink-0" aria-hidden="true" /> {text}
      </span>
      {!failed && (
        <Link
          to={myJobPath(reference)}
          className="inline-flex items-center gap-1 text-primary underline"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to job
        </Link>
      )}
    </div>
  );
}
