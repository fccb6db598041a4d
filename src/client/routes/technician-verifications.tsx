import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Page } from '../components/page';
import { Button } from '../components/ui/button';
import { Card, CardContent } from '../components/ui/card';
import { AddVerificationDialog } from '../features/verifications/components/add-verification-dialog';
import { OwnVerificationList } from '../features/verifications/components/own-verification-list';
import { RequireUser } from '../features/auth/components/require-user';
import type { CurrentUser } from '@shared/schemas/auth';
import { PATHS } from '@shared/paths';

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
  if (user.technicianId === null)
    return (
      <Page title="My Verifications">
        <Card>
          <CardContent className="pt-6 text-slate-600">
            Administrators review technicians' credentials on the{' '}
            <Link className="text-blue-700 underline" to={PATHS.adminVerifications}>
              verification management
            </Link>{' '}
            page.
          </CardContent>
        </Card>
      </Page>
    );
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
