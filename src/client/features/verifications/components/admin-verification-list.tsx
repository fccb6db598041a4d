import { VERIFICATION_TYPE_LABELS } from '@shared/constants/domain';
import type { AdminVerification } from '@shared/schemas/verifications';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { formatCalendarDate } from '../../../lib/dates';
import type { usePendingVerifications } from '../api/get-pending-verifications';
import { VerificationStatusBadge } from '../status-badge';

/** One admin queue (pending or expiring), each pending credential with a Review button. */
export function AdminVerificationList({
  query: q,
  empty,
  reviewable,
  onReview,
}: {
  query: ReturnType<typeof usePendingVerifications>;
  empty: string;
  reviewable: boolean;
  onReview: (v: AdminVerification) => void;
}) {
  return q.isLoading ? (
    <Skeleton className="h-32" />
  ) : q.isError ? (
    <p role="alert" className="text-red-700">
      {errorMessage(q.error, 'Failed to load verifications')}
    </p>
  ) : q.data!.length === 0 ? (
    <p className="rounded-lg border border-dashed p-6 text-center text-slate-500">{empty}</p>
  ) : (
    <ul className="space-y-3">
      {q.data!.map((v) => (
        <li key={v.id}>
          <Card data-testid="admin-verification">
            <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-6">
              <div>
                <p className="font-semibold">
                  {v.technician.user.firstName} {v.technician.user.lastName}
                </p>
                <p className="text-sm text-slate-600">
                  {VERIFICATION_TYPE_LABELS[v.verificationType]}: {v.credentialName} ·{' '}
                  {v.issuingOrganization}
                </p>
                {v.expirationDate && (
                  <p className="text-sm text-slate-500">
                    Expires {formatCalendarDate(v.expirationDate)}
                  </p>
                )}
              </div>
              <div className="flex items-center gap-3">
                <VerificationStatusBadge status={v.verificationStatus} />
                {reviewable && v.verificationStatus === 'pending' && (
                  <Button size="sm" onClick={() => onReview(v)}>
                    Review
                  </Button>
                )}
              </div>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
