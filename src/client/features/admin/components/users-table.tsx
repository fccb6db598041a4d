import { useState } from 'react';
import { ROLES, type Role } from '@shared/constants/domain';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { useAdminUsers } from '../api/get-users';
import type { useAdminRun } from '../use-admin-run';
import { useConfirm } from '../../../components/confirm-dialog';
import { approveUser } from '../api/approve-user';
import { setUserRole } from '../api/set-user-role';

type AdminUser = NonNullable<ReturnType<typeof useAdminUsers>['data']>['items'][number];

/** All users, searchable, with their role and approval actions. */
export function UsersTable({ run, pending }: ReturnType<typeof useAdminRun>) {
  const [search, setSearch] = useState('');
  const users = useAdminUsers(search, true);
  const confirm = useConfirm();
  const roleName = (r: Role) => r[0]!.toUpperCase() + r.slice(1);
  const columns: Column<AdminUser>[] = [
    {
      header: 'User',
      primary: true,
      cell: (u) => (
        <>
          <strong>
            {u.firstName} {u.lastName}
          </strong>
          <br />
          <span className="font-normal text-slate-500">{u.username}</span>
        </>
      ),
    },
    { header: 'E-mail', cell: (u) => u.email },
    {
      header: 'Role',
      cell: (u) => (
        <Select
          aria-label={`Role of ${u.username ?? u.email}`}
          className="h-8 w-36"
          value={u.role}
          disabled={pending}
          onChange={(e) => {
            const role = e.target.value as Role;
            confirm.ask({
              title: `Make ${u.username ?? u.email} ${role === 'admin' ? 'an' : 'a'} ${roleName(role)}?`,
              description: `The role changes from ${roleName(u.role)} to ${roleName(role)}, and the account is approved.`,
              confirmLabel: 'Change role',
              onConfirm: () => run(() => setUserRole(u.id, role), 'Role updated'),
            });
          }}
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {roleName(r)}
            </option>
          ))}
        </Select>
      ),
    },
    {
      header: 'Status',
      cell: (u) => (
        <Badge
          variant={
            u.status === 'approved' ? 'success' : u.status === 'pending' ? 'warning' : 'destructive'
          }
          className="capitalize"
        >
          {u.status}
        </Badge>
      ),
    },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (u) =>
        u.status === 'pending' && (
          <Button
            size="sm"
            disabled={pending}
            onClick={() =>
              confirm.ask({
                title: `Approve ${u.username ?? u.email}?`,
                description: 'The account is approved and the user is told by e-mail.',
                confirmLabel: 'Approve',
                onConfirm: () => run(() => approveUser(u.id), 'User approved'),
              })
            }
          >
            Approve
          </Button>
        ),
    },
  ];
  return (
    <Card>
      {confirm.dialog}
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
        <div className="sm:overflow-x-auto">
          <DataTable columns={columns} rows={users.data?.items ?? []} rowKey={(u) => u.id} />
        </div>
      </CardContent>
    </Card>
  );
}
