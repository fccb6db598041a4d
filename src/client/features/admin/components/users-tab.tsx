import { Users } from 'lucide-react';
import { ROLES, type Role } from '@shared/constants/domain';
import { useAdminRun } from '../use-admin-run';
import { PendingApprovals } from './pending-approvals';
import { Stat } from './stat';
import { UsersTable } from './users-table';

export function UsersTab({ roleCounts }: { roleCounts?: Record<Role, number> }) {
  const admin = useAdminRun();
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
      <PendingApprovals {...admin} />
      <UsersTable {...admin} />
    </div>
  );
}
