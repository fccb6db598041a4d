import { ChevronRight, ClipboardList } from 'lucide-react';
import { Link } from 'react-router';
import { PATHS, requestPath } from '@shared/paths';
import { formatWindow } from '@shared/service-time';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent } from '../../../../components/ui/card';
import { Skeleton } from '../../../../components/ui/skeleton';
import { errorMessage } from '../../../../lib/api-client';
import { formatCalendarDate } from '../../../../lib/dates';
import { useMyServiceRequests, type ServiceRequestSummary } from '../api/list-my-service-requests';
import { ServiceRequestStatusBadge } from '../../../../components/service-request-status';

/** A time the technician proposed that only the customer can confirm. */
const awaitsConfirmation = (r: ServiceRequestSummary) =>
  r.status === 'accepted' && r.windowStart !== null;

function RequestRow({ r }: { r: ServiceRequestSummary }) {
  const confirm = awaitsConfirmation(r);
  return (
    <li>
      <Link
        to={requestPath(r.reference)}
        className="flex items-center gap-3 rounded-lg border bg-card p-4 shadow-sm transition-colors hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary"
        data-testid="my-request"
      >
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold text-slate-900">{r.serviceType}</span>
            <ServiceRequestStatusBadge status={r.status} data-testid="request-status" />
            {confirm && (
              <span
                className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
                data-testid="awaits-customer"
              >
                Confirm the time
              </span>
            )}
          </div>
          {confirm && r.windowEnd && (
            <p className="text-sm text-amber-900">
              Proposed: {formatWindow(r.windowStart!, r.windowEnd)}
            </p>
          )}
          <p className="truncate text-sm text-slate-600">
            {r.vehicleInfo ?? 'Vehicle not specified'} · {r.location}
          </p>
          <p className="text-xs text-slate-500">
            {r.reference} · {formatCalendarDate(r.createdAt)}
            {r.technicianName && <> · Technician: {r.technicianName}</>}
          </p>
        </div>
        <ChevronRight className="h-5 w-5 shrink-0 text-slate-400" aria-hidden="true" />
      </Link>
    </li>
  );
}

/** The signed-in customer's requests, newest first, each opening its page. */
export function MyServiceRequestsList() {
  const list = useMyServiceRequests();
  if (list.isLoading)
    return (
      <div className="space-y-3" aria-busy="true" aria-label="Loading your requests">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
    );
  if (list.isError)
    return (
      <p role="alert" className="rounded-md bg-red-50 p-4 text-red-800">
        {errorMessage(list.error, 'Your requests could not be loaded. Please try again.')}
      </p>
    );
  const items = [...(list.data ?? [])].sort(
    (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id,
  );
  if (items.length === 0)
    return (
      <Card>
        <CardContent className="space-y-4 pt-6 text-center">
          <ClipboardList className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
          <p className="font-semibold">You have no service requests yet.</p>
          <p className="text-sm text-slate-600">
            Describe what your vehicle needs and we will find a certified mechanic nearby.
          </p>
          <Button asChild>
            <Link to={PATHS.requestService}>Request Service</Link>
          </Button>
        </CardContent>
      </Card>
    );
  return (
    <ul className="space-y-3" aria-label="Your service requests">
      {items.map((r) => (
        <RequestRow key={r.id} r={r} />
      ))}
    </ul>
  );
}
