import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminVerification } from '@shared/schemas/verifications';
import { PATHS } from '@shared/paths';
import { Page } from '../../../components/page';
import { Button } from '../../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useItemError } from '../../../components/ui/form-error';
import { notify } from '../../../lib/toast';
import { useDeleteVerification } from '../api/delete-verification';
import { useExpiringVerifications } from '../api/get-expiring-verifications';
import { useLapsedVerifications } from '../api/get-lapsed-verifications';
import { usePendingVerifications } from '../api/get-pending-verifications';
import { AdminVerificationList } from './admin-verification-list';
import { ReviewPanel } from './review-panel';

/**
 * An admin's verification management: pending and expiring credentials, each reviewable, and
 * rejected or expired ones, which the admin may withdraw from the technician's list (they stay
 * on record) (/admin-verifications, and /technician-verifications for an admin).
 */
export function VerificationManagement() {
  const pending = usePendingVerifications(true);
  const expiring = useExpiringVerifications(true);
  const lapsed = useLapsedVerifications(true);
  const withdraw = useDeleteVerification();
  const failure = useItemError<number>();
  const [selected, setSelected] = useState<AdminVerification | null>(null);
  return (
    <Page
      title="Verification Management"
      intro="Review technicians' credentials and keep an eye on those about to expire."
      actions={
        <Button variant="outline" asChild>
          <Link to={PATHS.adminDashboard}>Back to Dashboard</Link>
        </Button>
      }
    >
      <div className="grid gap-6 lg:grid-cols-[1fr_380px]">
        <Tabs defaultValue="pending">
          <TabsList>
            <TabsTrigger value="pending">
              Pending Verifications ({pending.data?.length ?? 0})
            </TabsTrigger>
            <TabsTrigger value="expiring">Expiring Soon ({expiring.data?.length ?? 0})</TabsTrigger>
            <TabsTrigger value="lapsed">
              Rejected and Expired ({lapsed.data?.length ?? 0})
            </TabsTrigger>
          </TabsList>
          <TabsContent value="pending" className="mt-4">
            <AdminVerificationList
              query={pending}
              empty="No verifications are waiting for review."
              reviewable
              onReview={setSelected}
            />
          </TabsContent>
          <TabsContent value="expiring" className="mt-4">
            <AdminVerificationList
              query={expiring}
              empty="No verifications expire in the next 30 days."
              reviewable
              onReview={setSelected}
            />
          </TabsContent>
          <TabsContent value="lapsed" className="mt-4">
            <p className="mb-3 text-sm text-slate-600">
              A rejected or expired record blocks nothing once the technician holds a current
              verified one of its kind. Withdrawing it clears it from their list; it stays on record
              in the audit log.
            </p>
            <AdminVerificationList
              query={lapsed}
              empty="No rejected or expired verifications are on file."
              reviewable={false}
              onReview={setSelected}
              withdrawing={withdraw.isPending ? withdraw.variables : null}
              errorFor={failure.messageFor}
              onWithdraw={(v) => {
                failure.clear();
                withdraw.mutate(v.id, {
                  onSuccess: (res) => notify({ title: 'Success', description: res.message }),
                  onError: (err) =>
                    failure.report(v.id, err, 'Error', 'Failed to withdraw verification'),
                });
              }}
            />
          </TabsContent>
        </Tabs>
        {selected && (
          <ReviewPanel key={selected.id} v={selected} onDone={() => setSelected(null)} />
        )}
      </div>
    </Page>
  );
}
