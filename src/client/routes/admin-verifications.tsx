import { useState } from 'react';
import { Link } from 'react-router';
import type { AdminVerification } from '@shared/schemas/verifications';
import { Page } from '../components/page';
import { Button } from '../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { useExpiringVerifications } from '../features/verifications/api/get-expiring-verifications';
import { usePendingVerifications } from '../features/verifications/api/get-pending-verifications';
import { AdminVerificationList } from '../features/verifications/components/admin-verification-list';
import { ReviewPanel } from '../features/verifications/components/review-panel';
import { RequireUser } from '../features/auth/components/require-user';
import { PATHS } from '@shared/paths';

export default function AdminVerifications() {
  return (
    <RequireUser
      role="admin"
      hint="Demo admin: username admin, password wrenchly-demo"
      message="Verification management is for administrators."
    >
      {() => <VerificationManagement />}
    </RequireUser>
  );
}

function VerificationManagement() {
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
