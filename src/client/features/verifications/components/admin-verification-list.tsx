import { VERIFICATION_TYPE_LABELS } from '@shared/constants/domain';
import type { AdminVerification } from '@shared/schemas/verifications';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { FormError } from '../../../components/ui/form-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { formatCalendarDate } from '../../../lib/dates';
import type { usePendingVerifications } from '../api/get-pending-verifications';
import { VerificationStatusBadge } from '../status-badge';

/**
 * One admin queue (pending, expiring, or rejected and expired), each pending credential with a
 * Review button and, with `onWithdraw`, each rejected or expired one with a Withdraw button.
 */
export function AdminVerificationList({
  query: q,
  empty,
  reviewable,
  onReview,
  onWithdraw,
  withdrawing,
  errorFor,
}: {
  query: ReturnType<typeof usePendingVerifications>;
  empty: string;
  reviewable: boolean;
  onReview: (v: AdminVerification) => void;
  onWithdraw?: (v: AdminVerification) => void;
  /** The record being withdrawn now. */
  withdrawing?: number | null;
  /** Why withdrawing a record was refused (the server's message). */
  errorFor?: (id: number) => string | null;
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
                {onWithdraw &&
                  (v.verificationStatus === 'rejected' || v.verificationStatus === 'expired') && (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={withdrawing === v.id}
                      aria-label={`Withdraw ${v.credentialName}`}
                      onClick={() => onWithdraw(v)}
                    >
                      {withdrawing === v.id ? 'Withdrawing...' : 'Withdraw'}
                    </Button>
                  )}
              </div>
              <FormError message={errorFor?.(v.id)} />
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
