import { useEffect, useMemo, useRef } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { PATHS } from '@shared/paths';
import { useAuthDialog } from '../features/auth/auth-dialog-context';
import { AnchoredSection } from '../components/anchored-section';
import { BrandFooter, BrandHeader } from '../components/brand-header';
import { Skeleton } from '../components/ui/skeleton';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { RoundCountdown } from '../features/dispatch/components/round-countdown';
import { SandboxCardFields } from '../features/pos/components/sandbox-card-fields';
import { SignaturePad } from '../features/pos/components/signature-pad';
import { useServiceRequest } from '../features/service-requests/api/get-service-request';
import { OnTheWay } from '../features/service-requests/customer/components/on-the-way';
import { ArrivalWindow } from '../features/service-requests/customer/components/arrival-window';
import { TextUpdates } from '../features/service-requests/customer/components/text-updates';
import { CancelServiceRequest } from '../features/service-requests/customer/components/cancel-service-request';
import { DispatchProgress } from '../features/service-requests/customer/components/dispatch-progress';
import { KeepLinkNotice } from '../features/service-requests/customer/components/keep-link-notice';
import { InvoicesSection } from '../features/service-requests/customer/components/invoices-section';
import { QuotesSection } from '../features/service-requests/customer/components/quotes-section';
import { ServiceRequestError } from '../features/service-requests/customer/components/service-request-error';
import { ServiceRequestHeader } from '../features/service-requests/customer/components/service-request-header';
import { ServiceRequestTimeline } from '../features/service-requests/customer/components/service-request-timeline';
import { StatusBanner } from '../features/service-requests/customer/components/status-banner';
import { TechnicianCard } from '../features/service-requests/customer/components/technician-card';
import { MessageThread } from '../features/service-requests/messages/components/message-thread';
import { WarrantySection } from '../features/service-requests/warranty/components/warranty-section';
import { UnmatchedPanel } from '../features/service-requests/customer/components/unmatched-panel';
import { useServiceRequestStream } from '../features/service-requests/api/service-request-stream';
import { ReviewForm } from '../features/service-requests/customer/components/review-form';
import { ApiError } from '../lib/api-client';

const WINDOW_STATUSES = ['accepted', 'scheduled', 'en_route'];

/** A request's page (`?t=`: a guest's link): where it stands, live, and what the customer can do. */
export default function RequestPage() {
  const { reference = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('t') ?? undefined;
  // Arrived from the request form, just sent.
  const location = useLocation();
  const submitted = (location.state as { submitted?: boolean } | null)?.submitted === true;
  const req = useMemo(() => ({ reference, token }), [reference, token]);
  const detail = useServiceRequest(req);
  const live = useServiceRequestStream(req, detail.data !== undefined);
  const { open } = useAuthDialog();

  // A request you may not see answers like an unknown one (404). Signed in from that state:
  // ask again as the new user.
  const user = useCurrentUser().data ?? null;
  const userId = user?.id ?? null;
  const notFound = detail.error instanceof ApiError && detail.error.status === 404;
  const askedAs = useRef(userId);
  const { refetch } = detail;
  useEffect(() => {
    if (notFound && userId !== null && askedAs.current !== userId) void refetch();
    askedAs.current = userId;
  }, [notFound, userId, refetch]);

  if (detail.isLoading)
    return (
      <div className="mx-auto max-w-2xl space-y-4 px-4 py-6" aria-busy="true">
        <Skeleton className="h-24" />
        <Skeleton className="h-48" />
      </div>
    );
  if (!detail.data)
    return (
      <ServiceRequestError
        error={detail.error}
        signedIn={user !== null}
        withLink={token !== undefined}
        onSignIn={() => open(undefined, { stay: true, audience: 'customer' })}
      />
    );

  const job = detail.data;
  const asCustomer = job.viewer === 'customer';
  // The technician's branding frames their quotes and invoices (Professional).
  const branded = job.branding !== null && job.quotes.length + job.invoices.length > 0;
  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-6 print:max-w-none print:p-0">
      {user?.role === 'customer' && (
        <Link to={PATHS.myRequests} className="text-sm text-primary hover:underline print:hidden">
          ← My Requests
        </Link>
      )}
      <ServiceRequestHeader job={job} focus={submitted} />
      {token !== undefined && user === null && asCustomer && <KeepLinkNotice />}
      <p className="text-xs text-slate-500 print:hidden" aria-live="polite">
        {live ? 'Live updates on' : 'Connecting for live updates...'}
      </p>
      {!asCustomer && (
        <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
          You are viewing this request as {job.viewer === 'admin' ? 'an admin' : 'its technician'}.
        </p>
      )}
      {job.status === 'dispatching' && (
        <DispatchProgress
          dispatch={job.dispatch}
          countdown={
            job.dispatch.roundEndsAt && <RoundCountdown until={job.dispatch.roundEndsAt} />
          }
        />
      )}
      {job.status === 'unmatched' && <UnmatchedPanel job={job} req={req} />}
      <StatusBanner job={job} />
      <OnTheWay job={job} />
      {/* A finished job: the review first (the completion e-mail's link lands here, #review). */}
      {job.status === 'completed' && asCustomer && (job.review || job.canReview) && (
        <AnchoredSection id="review" label="Review">
          <ReviewForm
            reference={job.reference}
            token={token}
            review={job.review}
            canEdit={job.canReview}
            onSaved={() => void refetch()}
          />
        </AnchoredSection>
      )}
      {job.status === 'completed' && asCustomer && !job.canReview && job.reviewNote && (
        <p className="rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
          {job.reviewNote}
        </p>
      )}
      {asCustomer && job.status === 'completed' && <WarrantySection req={req} side="customer" />}
      {job.technician && <TechnicianCard technician={job.technician} />}
      {asCustomer && <MessageThread req={req} with={job.technician?.name ?? 'your technician'} />}
      {WINDOW_STATUSES.includes(job.status) && <ArrivalWindow job={job} req={req} />}
      {asCustomer && job.status !== 'completed' && job.status !== 'canceled' && (
        <TextUpdates job={job} req={req} />
      )}
      {branded && <BrandHeader branding={job.branding!} />}
      <QuotesSection
        job={job}
        req={req}
        SignaturePad={SignaturePad}
        CardFields={SandboxCardFields}
      />
      <InvoicesSection job={job} req={req} CardFields={SandboxCardFields} />
      {branded && <BrandFooter branding={job.branding!} />}
      <ServiceRequestTimeline entries={job.timeline} />
      {asCustomer && (
        <div className="print:hidden">
          <CancelServiceRequest job={job} req={req} />
        </div>
      )}
    </div>
  );
}
