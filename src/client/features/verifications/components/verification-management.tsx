import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminVerification } from '@shared/schemas/verifications';
import { PATHS } from '@shared/paths';
import { Page } from '../../../components/page';
import { Button } from '../../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useExpiringVerifications } from '../api/get-expiring-verifications';
import { usePendingVerifications } from '../api/get-pending-verifications';
import { AdminVerificationList } from './admin-verification-list';
import { ReviewPanel } from './review-panel';

/**
 * An admin's verification management: pending and expiring credentials, each reviewable
 * (/admin-verifications, and /technician-verifications for an admin).
 */
export function VerificationManagement() {
  const pending = usePendingVerifications(true);
  const expiring = useExpiringVerifications(true);
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
        </Tabs>
        {selected && (
          <ReviewPanel key={selected.id} v={selected} onDone={() => setSelected(null)} />
        )}
      </div>
    </Page>
  );
}
