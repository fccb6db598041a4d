import { ShieldCheck } from 'lucide-react';
import { Card, CardContent } from '../../../components/ui/card';
import { useItemError } from '../../../components/ui/form-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useDeleteVerification } from '../api/delete-verification';
import { useOwnVerifications } from '../api/get-own-verifications';
import { VerificationCard } from './verification-card';

/**
 * A technician's own credentials: pending ones can be deleted, rejected or expired ones
 * withdrawn (they leave the list and stay on record).
 */
export function OwnVerificationList({ technicianId }: { technicianId: number }) {
  const list = useOwnVerifications(technicianId);
  const remove = useDeleteVerification();
  // A refused delete: the server's message stays on that credential's card.
  const failure = useItemError<number>();
  return list.isLoading ? (
    <Skeleton className="h-40" />
  ) : list.isError ? (
    <p role="alert" className="text-red-700">
      {errorMessage(list.error, 'Failed to load verifications')}
    </p>
  ) : list.data!.length === 0 ? (
    <Card>
      <CardContent className="space-y-3 pt-6 text-center text-slate-600">
        <ShieldCheck className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
        <p>No verifications yet. Add your license and insurance to start receiving jobs.</p>
      </CardContent>
    </Card>
  ) : (
    <div className="grid gap-4 md:grid-cols-2">
      {list.data!.map((v) => (
        <VerificationCard
          key={v.id}
          v={v}
          deleting={remove.isPending && remove.variables === v.id}
          error={failure.messageFor(v.id)}
          onDelete={() => {
            failure.clear();
            remove.mutate(v.id, {
              onSuccess: (res) => notify({ title: 'Success', description: res.message }),
              onError: (err) =>
                failure.report(
                  v.id,
                  err,
                  'Error',
                  v.verificationStatus === 'pending'
                    ? 'Failed to delete verification'
                    : 'Failed to withdraw verification',
                ),
            });
          }}
        />
      ))}
    </div>
  );
}
