import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { PATHS } from '@shared/paths';
import { OfflineNotice } from '../components/offline-notice';
import { Page } from '../components/page';
import { Card, CardContent } from '../components/ui/card';
import { Skeleton } from '../components/ui/skeleton';
import { useTechnicianServiceRequest } from '../features/service-requests/technician/api/get-technician-service-request';
import { useServiceRequestUpdates } from '../features/service-requests/technician/api/service-request-updates';
import { ServiceRequestActions } from '../features/service-requests/technician/components/service-request-actions';
import { ServiceRequestDocuments } from '../features/service-requests/technician/components/service-request-documents';
import { ServiceRequestOverview } from '../features/service-requests/technician/components/service-request-overview';
import { ServiceRequestStatusBadge } from '../components/service-request-status';
import { LiveBadge } from '../features/jobs/components/live-badge';
import { ShareLocation } from '../features/service-requests/technician/components/share-location';
import { NewTimeAnswer } from '../features/service-requests/technician/components/new-time-answer';
import { WindowForm } from '../features/service-requests/technician/components/window-form';
import { MessageThread } from '../features/service-requests/messages/components/message-thread';
import { WarrantySection } from '../features/service-requests/warranty/components/warranty-section';
import { ApiError } from '../lib/api-client';
import { RequireUser } from '../features/auth/components/require-user';

export default function MyJob() {
  return (
    <RequireUser
      role="technician"
      hint="Demo technician: username technician, password wrenchly-demo"
      message="My Jobs is for technicians: the jobs you accepted."
    >
      {() => <Job />}
    </RequireUser>
  );
}

function Job() {
  const { reference = '' } = useParams();
  const live = useServiceRequestUpdates();
  const job = useTechnicianServiceRequest(reference, !live);
  const back = (
    <Link to={PATHS.myJobs} className="inline-flex items-center gap-1 text-sm text-primary">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" /> My Jobs
    </Link>
  );

  if (job.isLoading)
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <Skeleton className="h-60" />
      </div>
    );
  const status = job.error instanceof ApiError ? job.error.status : 0;
  // The server's "not found" or "not yours" wins over a copy kept on the device (offline
  // reading, ADR 013): the job may have been given back since it was saved.
  if (!job.data || status === 400 || status === 403 || status === 404) {
    return (
      <Page title="Job" className="max-w-3xl">
        <Card>
          <CardContent className="space-y-3 pt-6">
            <p role="alert" className="text-slate-700">
              {status === 404 || status === 400
                ? // A job that is not (or no longer) yours answers like an unknown one.
                  'This job was not found, or it is no longer yours.'
                : status === 403
                  ? 'This job is not one of yours.'
                  : 'Failed to load the job. Please try again.'}
            </p>
            {back}
          </CardContent>
        </Card>
      </Page>
    );
  }

  const j = job.data;
  return (
    <Page
      title={j.serviceType}
      intro={
        <span className="flex flex-wrap items-center gap-2">
          {j.reference} <ServiceRequestStatusBadge status={j.status} />
        </span>
      }
      className="max-w-3xl"
      actions={
        <div className="flex flex-wrap items-center gap-2">
          <OfflineNotice syncedAt={job.dataUpdatedAt} />
          <LiveBadge live={live} />
        </div>
      }
    >
      <div className="space-y-4">
        {back}
        {j.status === 'canceled' && j.cancelReason && (
          <p className="rounded-md bg-slate-100 p-3 text-sm">Canceled: {j.cancelReason}</p>
        )}
        <ServiceRequestActions job={j} />
        <ShareLocation job={j} />
        <NewTimeAnswer job={j} />
        {j.actions.includes('propose_window') && <WindowForm job={j} />}
        <ServiceRequestOverview job={j} />
        <MessageThread req={{ reference: j.reference }} with={j.customer.name} />
        {j.status === 'completed' && (
          <WarrantySection req={{ reference: j.reference }} side="technician" />
        )}
        <ServiceRequestDocuments job={j} />
      </div>
    </Page>
  );
}
