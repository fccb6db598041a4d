import { ReportedThreadsTab } from '../features/service-requests/admin/components/reported-threads-tab';
import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { useOverview } from '../features/admin/api/get-overview';
import { AuditLogTab } from '../features/admin/components/audit-log-tab';
import { MessagesTab } from '../features/admin/components/messages-tab';
import { ModerationTab } from '../features/admin/components/moderation-tab';
import { OutboxTab } from '../features/admin/components/outbox-tab';
import { OverviewTab } from '../features/admin/components/overview-tab';
import { PaymentsTab } from '../features/admin/components/payments-tab';
import { ServiceRequestsTab } from '../features/admin/components/service-requests-tab';
import { WaitlistCard } from '../features/admin/components/waitlist-card';
import { TechniciansTab } from '../features/admin/components/technicians-tab';
import { UsersTab } from '../features/admin/components/users-tab';
import { VerificationsTab } from '../features/admin/components/verifications-tab';
import { RequireUser } from '../features/auth/components/require-user';
import { ServiceRequestDialog } from '../features/service-requests/admin/components/service-request-dialog';
import { PATHS } from '@shared/paths';

/**
 * Admins only, by the real session: the demo's `?role=admin` shows the access demo's badges but
 * opens no admin screen (its tabs' calls would all be refused).
 */
export default function AdminDashboard() {
  return (
    <RequireUser
      role="admin"
      wide
      hint="Demo: sign in as admin / wrenchly-demo."
      message="You need administrator privileges to view this page."
    >
      {() => <Dashboard />}
    </RequireUser>
  );
}

const TABS = [
  'overview',
  'verifications',
  'payments',
  'technicians',
  'users',
  'requests',
  'messages',
  'reported',
  'moderation',
  'outbox',
  'audit',
] as const;

function Dashboard() {
  const overview = useOverview(true);
  const o = overview.data;
  // The open tab is in the URL (?tab=payments): an alert, a link or a reload opens it.
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = TABS.find((t) => t === asked) ?? 'overview';
  const setTab = (next: string) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        if (next === 'overview') q.delete('tab');
        else q.set('tab', next);
        return q;
      },
      { replace: true },
    );
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Admin Dashboard</h1>
          <p className="text-slate-600">
            Manage technicians, verifications, payments, users, service requests, messages and
            reviews.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <Link to={PATHS.adminVerifications}>Verifications</Link>
          </Button>
          <Button variant="outline" asChild>
            <Link to={PATHS.paymentHistory}>Payment History</Link>
          </Button>
          <Button variant="outline" asChild>
            <Link to={PATHS.technicianVerifications}>Technician Verifications</Link>
          </Button>
          <Button variant="ghost" asChild>
            <Link to={PATHS.home}>
              <ArrowLeft /> Back to Site
            </Link>
          </Button>
        </div>
      </div>
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="verifications">Verifications</TabsTrigger>
          <TabsTrigger value="payments">Payments</TabsTrigger>
          <TabsTrigger value="technicians">Technicians</TabsTrigger>
          <TabsTrigger value="users">User Management</TabsTrigger>
          <TabsTrigger value="requests">Service Requests</TabsTrigger>
          <TabsTrigger value="messages">Messages</TabsTrigger>
          <TabsTrigger value="reported">Reported Conversations</TabsTrigger>
          <TabsTrigger value="moderation">Review Moderation</TabsTrigger>
          <TabsTrigger value="outbox">Outbox</TabsTrigger>
          <TabsTrigger value="audit">Audit Log</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab overview={o} onShowAuditLog={() => setTab('audit')} />
        </TabsContent>
        <TabsContent value="verifications">
          <VerificationsTab overview={o} />
        </TabsContent>
        <TabsContent value="payments">
          <PaymentsTab />
        </TabsContent>
        <TabsContent value="technicians">
          <TechniciansTab />
        </TabsContent>
        <TabsContent value="users">
          <UsersTab roleCounts={o?.roleCounts} />
        </TabsContent>
        <TabsContent value="requests" className="space-y-6">
          <ServiceRequestsTab Detail={ServiceRequestDialog} />
          <WaitlistCard />
        </TabsContent>
        <TabsContent value="messages">
          <MessagesTab />
        </TabsContent>
        <TabsContent value="reported">
          <ReportedThreadsTab />
        </TabsContent>
        <TabsContent value="moderation">
          <ModerationTab />
        </TabsContent>
        <TabsContent value="outbox">
          <OutboxTab />
        </TabsContent>
        <TabsContent value="audit">
          <AuditLogTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
