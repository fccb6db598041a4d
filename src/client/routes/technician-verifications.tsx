import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Page } from '../components/page';
import { Button } from '../components/ui/button';
import { AddVerificationDialog } from '../features/verifications/components/add-verification-dialog';
import { OwnVerificationList } from '../features/verifications/components/own-verification-list';
import { VerificationManagement } from '../features/verifications/components/verification-management';
import { RequireUser } from '../features/auth/components/require-user';
import type { CurrentUser } from '@shared/schemas/auth';

export default function TechnicianVerifications() {
  return (
    <RequireUser
      role="technician"
      allow={(user) => user.role !== 'customer'}
      hint="Demo technician: username technician, password wrenchly-demo"
      message="Credential verification is for technicians."
    >
      {(user) => <ForUser user={user} />}
    </RequireUser>
  );
}

function ForUser({ user }: { user: CurrentUser }) {
  // An admin (the dashboard links here) reviews every technician's credentials.
  if (user.technicianId === null) return <VerificationManagement />;
  return <MyVerifications technicianId={user.technicianId} />;
}

function MyVerifications({ technicianId }: { technicianId: number }) {
  const [adding, setAdding] = useState(false);

  return (
    <Page
      title="My Verifications"
      intro="Your licenses, certifications, insurance and background check. Our admin team reviews each one; verified credentials keep job notifications coming."
      actions={
        <Button onClick={() => setAdding(true)}>
          <Plus className="mr-2 h-4 w-4" aria-hidden="true" /> Add Verification
        </Button>
      }
    >
      <OwnVerificationList technicianId={technicianId} />
      <AddVerificationDialog
        technicianId={technicianId}
        open={adding}
        onClose={() => setAdding(false)}
      />
    </Page>
  );
}
