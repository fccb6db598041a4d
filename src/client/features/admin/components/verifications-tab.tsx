import { AlertTriangle, FileCheck } from 'lucide-react';
import { Link } from 'react-router';
import type { AdminOverview } from '@shared/schemas/admin';
import { Button } from '../../../components/ui/button';
import { Stat } from './stat';
import { PATHS } from '@shared/paths';

/** Verification counts from the overview and the way to the review screen. */
export function VerificationsTab({ overview: o }: { overview: AdminOverview | undefined }) {
  return (
    <>
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
        <Link to={PATHS.adminVerifications}>Review Verifications</Link>
      </Button>
    </>
  );
}
