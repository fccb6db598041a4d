import { useQuery } from '@tanstack/react-query';
import {
  AlertTriangle,
  ArrowLeft,
  CreditCard,
  DollarSign,
  FileCheck,
  Info,
  TrendingUp,
  Users,
} from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  PAYMENT_STATUS_LABELS,
  ROLES,
  type PaymentStatus,
  type Role,
} from '@shared/constants/domain';
import { AccessRequired, AuthenticationRequired } from '../components/guards';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { Select } from '../components/ui/select';
import { Skeleton } from '../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { useAuthDialog } from '../app/auth-dialog-context';
import {
  useAdminAction,
  useAdminTechnicians,
  useAdminUsers,
  useOverview,
  usePendingApprovals,
} from '../features/admin/api';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { errorMessage, getJson } from '../lib/api-client';
import { notify } from '../lib/toast';

const money = (s: string) =>
  `$${Number(s).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const date = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric' });
const statusLabel = (s: string) => PAYMENT_STATUS_LABELS[s as PaymentStatus] ?? s;

export default function AdminDashboard() {
  const [params] = useSearchParams();
  const { data: user, isLoading } = useCurrentUser(params.get('role'));
  const { open: openAuth } = useAuthDialog();
  const isAdmin = user?.role === 'admin';
  if (isLoading)
    return (
      <div className="mx-auto max-w-7xl px-4 py-10">
        <Skeleton className="h-40" />
      </div>
    );
  if (!user)
    return (
      <AuthenticationRequired onSignIn={openAuth} hint="Demo: sign in as admin / wrenchly-demo." />
    );
  if (!isAdmin)
    return (
      <AccessRequired
        title="Admin Access Required"
        role={user.role}
        message="You need administrator privileges to view this page."
      />
    );
  return <Dashboard />;
}

function Dashboard() {
  const overview = useOverview(true);
  const o = overview.data;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Admin Dashboard</h1>
          <p className="text-slate-600">Manage technicians, verifications, payments and users.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <Link to="/admin-verifications">Verifications</Link>
          </Button>
          <Button variant="outline" asChild>
            <Link to="/payment-history">Payment History</Link>
          </Button>
          <Button variant="outline" asChild>
            <Link to="/technician-verifications">Technician Verifications</Link>
          </Button>
          <Button variant="ghost" asChild>
            <Link to="/">
              <ArrowLeft /> Back to Site
            </Link>
          </Button>
        </div>
      </div>
      <Tabs defaultValue="overview">
        <TabsList>
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="verifications">Verifications</TabsTrigger>
          <TabsTrigger value="payments">Payments</TabsTrigger>
          <TabsTrigger value="technicians">Technicians</TabsTrigger>
          <TabsTrigger value="users">User Management</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          {!o ? (
            <div className="grid gap-4 md:grid-cols-4">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} className="h-28" />
              ))}
            </div>
          ) : (
            <div className="space-y-6">
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                <Stat
                  icon={DollarSign}
                  label="Revenue This Month"
                  value={money(o.revenueThisMonth)}
                  note={
                    o.revenueGrowthPercent === null
                      ? 'No revenue last month'
                      : `${o.revenueGrowthPercent >= 0 ? '+' : ''}${o.revenueGrowthPercent}% from last month`
                  }
                />
                <Stat
                  icon={TrendingUp}
                  label="Total Revenue"
                  value={money(o.revenueTotal)}
                  note={`${money(o.revenueLastMonth)} last month`}
                />
                <Stat
                  icon={Users}
                  label="Active Subscriptions"
                  value={String(o.activeSubscriptions.total)}
                  note={
                    Object.entries(o.activeSubscriptions.byPlan)
                      .map(([p, n]) => `${p}: ${n}`)
                      .join(' · ') || 'None yet'
                  }
                />
                <Stat
                  icon={CreditCard}
                  label="Pending Payments"
                  value={String(o.pendingPayments.count)}
                  note={money(o.pendingPayments.amount)}
                />
              </div>
              <div className="grid gap-6 lg:grid-cols-2">
                <Card>
                  <CardHeader>
                    <CardTitle>Recent Alerts</CardTitle>
                  </CardHeader>
                  <CardContent className="space-y-2">
                    {o.alerts.length === 0 ? (
                      <p className="text-sm text-slate-600">All clear.</p>
                    ) : (
                      o.alerts.map((a) => (
                        <p
                          key={a.message}
                          className={`flex items-center gap-2 rounded-md p-2 text-sm ${a.level === 'critical' ? 'bg-red-50 text-red-800' : a.level === 'warning' ? 'bg-amber-50 text-amber-800' : 'bg-blue-50 text-blue-800'}`}
                        >
                          {a.level === 'info' ? (
                            <Info className="h-4 w-4" aria-hidden="true" />
                          ) : (
                            <AlertTriangle className="h-4 w-4" aria-hidden="true" />
                          )}
                          {a.message}
                        </p>
                      ))
                    )}
                  </CardContent>
                </Card>
                <Card>
                  <CardHeader>
                    <CardTitle>Recent Payments</CardTitle>
                  </CardHeader>
                  <CardContent>
                    {o.recentPayments.length === 0 ? (
                      <p className="text-sm text-slate-600">No payments yet.</p>
                    ) : (
                      <ul className="divide-y">
                        {o.recentPayments.map((p) => (
                          <li
                            key={p.id}
                            className="flex items-center justify-between gap-2 py-2 text-sm"
                          >
                            <span>
                              <strong>{p.technicianName}</strong>
                              <br />
                              <span className="text-slate-500">
                                {p.description} · {date(p.createdAt)}
                              </span>
                            </span>
                            <span className="text-right">
                              {money(p.amount)}
                              <br />
                              <Badge
                                variant={
                                  p.status === 'succeeded'
                                    ? 'success'
                                    : p.status === 'failed'
                                      ? 'destructive'
                                      : 'secondary'
                                }
                              >
                                {statusLabel(p.status)}
                              </Badge>
                            </span>
                          </li>
                        ))}
                      </ul>
                    )}
                  </CardContent>
                </Card>
              </div>
              <Card>
                <CardHeader>
                  <CardTitle>Recent Activity</CardTitle>
                </CardHeader>
                <CardContent>
                  {o.recentAudit.length === 0 ? (
                    <p className="text-sm text-slate-600">No admin actions yet.</p>
                  ) : (
                    <ul className="space-y-1 text-sm">
                      {o.recentAudit.map((a) => (
                        <li key={a.id}>
                          <span className="text-slate-500">
                            {new Date(a.createdAt).toLocaleString()}
                          </span>{' '}
                          · {a.actor ?? 'system'} · {a.action} {a.entityType} #{a.entityId}
                        </li>
                      ))}
                    </ul>
                  )}
                </CardContent>
              </Card>
            </div>
          )}
        </TabsContent>
        <TabsContent value="verifications">
          <div className="grid gap-4 sm:grid-cols-2">
            <Stat
              icon={FileCheck}
              label="Pending Verifications"
              value={String(o?.pendingVerifications ?? '…')}
              note="Awaiting review"
            />
            <Stat
              icon={AlertTriangle}
              label="Expiring Soon"
              value={String(o?.expiringVerifications ?? '…')}
              note="Within 30 days"
            />
          </div>
          <Button className="mt-4" asChild>
            <Link to="/admin-verifications">Review Verifications</Link>
          </Button>
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
      </Tabs>
    </div>
  );
}

function Stat({
  icon: Icon,
  label,
  value,
  note,
}: {
  icon: typeof Users;
  label: string;
  value: string;
  note: string;
}) {
  return (
    <Card>
      <CardContent className="pt-6">
        <div className="flex items-center justify-between text-sm text-slate-600">
          {label}
          <Icon className="h-4 w-4" aria-hidden="true" />
        </div>
        <p className="mt-2 text-2xl font-bold">{value}</p>
        <p className="text-xs text-slate-500">{note}</p>
      </CardContent>
    </Card>
  );
}

function useRun() {
  const action = useAdminAction();
  return {
    pending: action.isPending,
    run: (a: Parameters<typeof action.mutate>[0], success: string) =>
      action.mutate(a, {
        onSuccess: (r) => notify({ title: success, description: r?.message }),
        onError: (err) =>
          notify({
            title: 'Action failed',
            description: errorMessage(err, 'Please try again.'),
            variant: 'destructive',
          }),
      }),
  };
}

function TechniciansTab() {
  const [search, setSearch] = useState('');
  const list = useAdminTechnicians(search, true);
  const { run, pending } = useRun();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Technicians</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="max-w-sm space-y-1.5">
          <Label htmlFor="tech-search">Search technicians</Label>
          <Input
            id="tech-search"
            placeholder="Name, e-mail or location"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b">
                <th className="py-2">Name</th>
                <th>Location</th>
                <th>Rating</th>
                <th>Status</th>
                <th>Actions</th>
              </tr>
            </thead>
            <tbody>
              {list.data?.items.map((t) => (
                <tr key={t.id} className="border-b last:border-0">
                  <td className="py-2">
                    <strong>{t.name}</strong>
                    <br />
                    <span className="text-slate-500">{t.email}</span>
                  </td>
                  <td>{t.location}</td>
                  <td>
                    {Number(t.rating).toFixed(1)} ({t.totalReviews})
                  </td>
                  <td>
                    <Badge
                      variant={
                        t.status === 'approved'
                          ? 'success'
                          : t.status === 'suspended'
                            ? 'destructive'
                            : 'secondary'
                      }
                      className="capitalize"
                    >
                      {t.status}
                    </Badge>
                  </td>
                  <td className="space-x-2 whitespace-nowrap">
                    {t.status === 'pending' && (
                      <Button
                        size="sm"
                        disabled={pending}
                        onClick={() =>
                          run(
                            { kind: 'technician', id: t.id, action: 'approve' },
                            'Technician approved',
                          )
                        }
                      >
                        Approve
                      </Button>
                    )}
                    {t.status === 'approved' && (
                      <Button
                        size="sm"
                        variant="destructive"
                        disabled={pending}
                        onClick={() =>
                          run(
                            { kind: 'technician', id: t.id, action: 'suspend' },
                            'Technician suspended',
                          )
                        }
                      >
                        Suspend
                      </Button>
                    )}
                    {t.status === 'suspended' && (
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={pending}
                        onClick={() =>
                          run(
                            { kind: 'technician', id: t.id, action: 'reinstate' },
                            'Technician reinstated',
                          )
                        }
                      >
                        Reinstate
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  );
}

function UsersTab({ roleCounts }: { roleCounts?: Record<Role, number> }) {
  const [search, setSearch] = useState('');
  const users = useAdminUsers(search, true);
  const pendingQueue = usePendingApprovals(true);
  const { run, pending } = useRun();
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-3">
        {ROLES.map((r) => (
          <Stat
            key={r}
            icon={Users}
            label={`${r[0]!.toUpperCase()}${r.slice(1)}s`}
            value={String(roleCounts?.[r] ?? '…')}
            note="accounts"
          />
        ))}
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Pending Approvals</CardTitle>
        </CardHeader>
        <CardContent>
          {pendingQueue.data?.length === 0 ? (
            <p className="text-sm text-slate-600">No pending approvals.</p>
          ) : (
            <ul className="divide-y">
              {pendingQueue.data?.map((p) => (
                <li
                  key={`${p.kind}-${p.id}`}
                  className="flex flex-wrap items-center justify-between gap-3 py-3 text-sm"
                >
                  <div>
                    <p className="font-semibold">
                      {p.name}{' '}
                      <Badge variant="outline">
                        {p.kind === 'application' ? 'Application' : 'Registration'}
                      </Badge>
                    </p>
                    <p className="text-slate-500">
                      {p.email} · {p.details}
                    </p>
                    {p.documents.length > 0 && (
                      <p className="flex flex-wrap items-center gap-2 text-slate-500">
                        Documents:
                        {p.documents.map((d) => (
                          <button
                            key={d.documentId}
                            type="button"
                            className="text-blue-700 underline"
                            onClick={() => openDocument(d.documentId)}
                          >
                            {d.label}
                          </button>
                        ))}
                      </p>
                    )}
                  </div>
                  <div className="flex gap-2">
                    <Button
                      size="sm"
                      disabled={pending}
                      aria-label={`Approve ${p.name}`}
                      onClick={() =>
                        run(
                          p.kind === 'application'
                            ? { kind: 'application', id: p.id, decision: 'approve' }
                            : { kind: 'approveUser', id: p.id },
                          'Approved',
                        )
                      }
                    >
                      Approve
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={pending}
                      aria-label={`Reject ${p.name}`}
                      onClick={() =>
                        p.kind === 'application'
                          ? run(
                              { kind: 'application', id: p.id, decision: 'reject' },
                              'Application rejected',
                            )
                          : run({ kind: 'rejectUser', id: p.id }, 'Registration rejected')
                      }
                    >
                      Reject
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>All Users</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          <div className="max-w-sm space-y-1.5">
            <Label htmlFor="user-search">Search users</Label>
            <Input
              id="user-search"
              placeholder="Name, username or e-mail"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b">
                  <th className="py-2">User</th>
                  <th>E-mail</th>
                  <th>Role</th>
                  <th>Status</th>
                  <th>Actions</th>
                </tr>
              </thead>
              <tbody>
                {users.data?.items.map((u) => (
                  <tr key={u.id} className="border-b last:border-0">
                    <td className="py-2">
                      <strong>
                        {u.firstName} {u.lastName}
                      </strong>
                      <br />
                      <span className="text-slate-500">{u.username}</span>
                    </td>
                    <td>{u.email}</td>
                    <td>
                      <Select
                        aria-label={`Role of ${u.username ?? u.email}`}
                        className="h-8 w-36"
                        value={u.role}
                        disabled={pending}
                        onChange={(e) =>
                          run(
                            { kind: 'role', id: u.id, role: e.target.value as Role },
                            'Role updated',
                          )
                        }
                      >
                        {ROLES.map((r) => (
                          <option key={r} value={r}>
                            {r[0]!.toUpperCase() + r.slice(1)}
                          </option>
                        ))}
                      </Select>
                    </td>
                    <td>
                      <Badge
                        variant={
                          u.status === 'approved'
                            ? 'success'
                            : u.status === 'pending'
                              ? 'warning'
                              : 'destructive'
                        }
                        className="capitalize"
                      >
                        {u.status}
                      </Badge>
                    </td>
                    <td>
                      {u.status === 'pending' && (
                        <Button
                          size="sm"
                          disabled={pending}
                          onClick={() => run({ kind: 'approveUser', id: u.id }, 'User approved')}
                        >
                          Approve
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

/** Opens a private document through a short-lived signed link (admins may read every one). */
function openDocument(documentId: number) {
  // Opened during the click, so no popup blocker stops it; the address follows.
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  getJson<{ url: string }>(`/api/documents/${documentId}/link`).then(
    ({ url }) => {
      if (tab) tab.location.href = url;
      else window.location.href = url;
    },
    (err: unknown) => {
      tab?.close();
      notify({
        title: 'Error',
        description: errorMessage(err, 'The document could not be opened.'),
        variant: 'destructive',
      });
    },
  );
}

type AdminPayment = {
  id: number;
  technicianName: string;
  description: string;
  amount: string;
  status: string;
  provider: string;
  createdAt: string;
};

/** Every technician's plan payments, newest first. */
function PaymentsTab() {
  const list = useQuery({
    queryKey: ['/api/admin/payments'],
    queryFn: () => getJson<AdminPayment[]>('/api/admin/payments'),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Payments</CardTitle>
      </CardHeader>
      <CardContent className="overflow-x-auto text-sm">
        {list.isLoading ? (
          <Skeleton className="h-32" />
        ) : list.isError ? (
          <p role="alert">{errorMessage(list.error, 'Payments could not be loaded')}</p>
        ) : list.data!.length === 0 ? (
          <p className="text-slate-600">No payments yet.</p>
        ) : (
          <table className="w-full">
            <thead>
              <tr className="border-b text-left text-slate-500">
                <th className="py-2">Date</th>
                <th className="py-2">Technician</th>
                <th className="py-2">Description</th>
                <th className="py-2 text-right">Amount</th>
                <th className="py-2">Status</th>
              </tr>
            </thead>
            <tbody>
              {list.data!.map((p) => (
                <tr key={p.id} className="border-b">
                  <td className="py-2">{new Date(p.createdAt).toLocaleDateString()}</td>
                  <td className="py-2">{p.technicianName}</td>
                  <td className="py-2">{p.description}</td>
                  <td className="py-2 text-right">{money(p.amount)}</td>
                  <td className="py-2">{statusLabel(p.status)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}
