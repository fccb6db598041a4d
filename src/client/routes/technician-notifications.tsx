import { Link } from 'react-router';
import { useAuthDialog } from '../app/auth-dialog-context';
import { AccessRequired, AuthenticationRequired } from '../components/guards';
import { Page } from '../components/page';
import { Card, CardContent } from '../components/ui/card';
import { Skeleton } from '../components/ui/skeleton';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { NotificationBoard } from '../features/notifications/components/notification-board';

export default function TechnicianNotifications() {
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
        message="Job notifications are for technicians."
      />
    );
  if (user.technicianId === null)
    return (
      <Page title="Job Notifications">
        <Card>
          <CardContent className="pt-6 text-slate-600">
            Job notifications are delivered to technicians. Sign in with a technician account to
            receive and answer jobs; the{' '}
            <Link className="text-primary underline" to="/demo-notifications">
              demo page
            </Link>{' '}
            creates test requests.
          </CardContent>
        </Card>
      </Page>
    );
  return <NotificationBoard technicianId={user.technicianId} />;
}
