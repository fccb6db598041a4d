import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAuthDialog } from '../app/auth-dialog-context';
import { AccessRequired, AuthenticationRequired } from '../components/guards';
import { Page } from '../components/page';
import { Button } from '../components/ui/button';
import { Card, CardContent } from '../components/ui/card';
import { Skeleton } from '../components/ui/skeleton';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { AddVerificationDialog } from '../features/verifications/components/add-verification-dialog';
import { OwnVerificationList } from '../features/verifications/components/own-verification-list';

export default function TechnicianVerifications() {
  const { data: user, isLoading } = useCurrentUser();
  const { open } = useAuthDialog();
  if (isLoading)
    return (
      <div className="mx-auto max-w-5xl px-4 py-10">
        <Skeleton className="h-40" />
      </div>
    );
  if (!user)
    return (
      <AuthenticationRequired
        onSignIn={open}
        hint="Demo technician: username technician, password wrenchly-demo"
      />
    );
  if (user.role === 'customer')
    return (
      <AccessRequired
        title="Technician Access Required"
        role={user.role}
        message="Credential verification is for technicians."
      />
    );
  if (user.technicianId === null)
    return (
      <Page title="My Verifications">
        <Card>
          <CardContent className="pt-6 text-slate-600">
            Administrators review technicians' credentials on the{' '}
            <Link className="text-blue-700 underline" to="/admin-verifications">
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
