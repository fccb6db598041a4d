import { Link } from 'react-router';
import { Page } from '../components/page';
import { Card, CardContent } from '../components/ui/card';
import { LeadStatusNotice } from '../features/dispatch/components/lead-status-notice';
import { NotificationBoard } from '../features/dispatch/components/notification-board';
import { PushOptInCard } from '../features/notifications/components/push-opt-in-card';
import { InstallAppButton } from '../features/pwa/components/install-app-button';
import { RequireUser } from '../features/auth/components/require-user';
import type { CurrentUser } from '@shared/schemas/auth';
import { PATHS } from '@shared/paths';

export default function TechnicianNotifications() {
  return (
    <RequireUser
      role="technician"
      allow={(user) => user.role !== 'customer'}
      hint="Demo technician: username technician, password wrenchly-demo"
      message="Job notifications are for technicians."
    >
      {(user) => <ForUser user={user} />}
    </RequireUser>
  );
}

function ForUser({ user }: { user: CurrentUser }) {
  if (user.technicianId === null)
    return (
      <Page title="Job Notifications">
        <Card>
          <CardContent className="pt-6 text-slate-600">
            Job notifications are delivered to technicians. Sign in with a technician account to
            receive and answer jobs; the{' '}
            <Link className="text-primary underline" to={PATHS.demoNotifications}>
              demo page
            </Link>{' '}
            creates test requests.
          </CardContent>
        </Card>
      </Page>
    );
  return (
    <NotificationBoard technicianId={user.technicianId} actions={<InstallAppButton size="sm" />}>
      {/* Leads and push are for approved technicians (the push endpoints refuse the others). */}
      {user.status === 'approved' && <LeadStatusNotice technicianId={user.technicianId} />}
      {user.status === 'approved' && <PushOptInCard />}
    </NotificationBoard>
  );
}
