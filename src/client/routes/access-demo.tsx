import { useSearchParams } from 'react-router';
import { ROLES, type Role } from '@shared/constants/domain';
import { Page } from '../components/page';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { Skeleton } from '../components/ui/skeleton';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { RolePagesCard } from '../features/auth/components/role-pages-card';
import { useAppConfig } from '../features/auth/api/get-app-config';

const DESCRIPTIONS: Record<Role, string> = {
  admin:
    'Admins approve technicians, review credential verifications and manage users, payments and the platform.',
  technician:
    'Technicians manage their profile and credentials, receive live job notifications and use the point-of-sale tools.',
  customer:
    'Customers browse and contact certified technicians and submit service requests, free of charge.',
};

export default function AccessDemo() {
  const [params] = useSearchParams();
  const config = useAppConfig();
  const role = params.get('role');
  const { data: user, isLoading, isError } = useCurrentUser(config.data?.demoMode ? role : null);
  if (config.isLoading || isLoading)
    return (
      <div className="mx-auto max-w-5xl px-4 py-10">
        <Skeleton className="h-40" />
      </div>
    );
  if (!config.data?.demoMode) {
    return (
      <Page title="Role Access Demo">
        <p className="text-slate-600">The access demo is only available in demo mode.</p>
      </Page>
    );
  }
  if (isError)
    return (
      <Page title="Role Access Demo">
        <p role="alert" className="text-red-700">
          Failed to fetch user
        </p>
      </Page>
    );
  const current: Role | null = user?.role ?? null;
  const switchRole = (r: Role) => {
    const url = new URL(window.location.href);
    url.searchParams.set('role', r);
    window.location.assign(url.toString());
  };
  return (
    <Page
      title="Role Access Demo"
      intro="See what each role can reach. Switching role reloads the page with a role query (demo mode only); the server still enforces the real session."
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Current User</CardTitle>
          </CardHeader>
          <CardContent className="space-y-2">
            {user ? (
              <>
                <p className="text-lg font-semibold">
                  {user.firstName} {user.lastName}
                </p>
                <Badge
                  className="capitalize"
                  variant={
                    user.role === 'admin'
                      ? 'destructive'
                      : user.role === 'technician'
                        ? 'default'
                        : 'secondary'
                  }
                >
                  {user.role}
                </Badge>
                <p className="text-slate-600">{user.email}</p>
                <p className="text-sm text-slate-700">{DESCRIPTIONS[user.role]}</p>
              </>
            ) : (
              <p className="text-slate-600">You are browsing anonymously.</p>
            )}
            <div className="flex flex-wrap gap-2 pt-2">
              {ROLES.map((r) => (
                <Button
                  key={r}
                  variant={current === r ? 'default' : 'outline'}
                  size="sm"
                  onClick={() => switchRole(r)}
                >
                  View as {r[0]!.toUpperCase() + r.slice(1)}
                </Button>
              ))}
            </div>
          </CardContent>
        </Card>
        <RolePagesCard current={current} />
      </div>
    </Page>
  );
}
