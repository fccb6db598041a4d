import { AlertTriangle, CheckCircle2, Clock, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { PATHS } from '@shared/paths';
import type { OwnProfile } from '@shared/schemas/profile';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent } from '../../../components/ui/card';

/**
 * The approval status, how the public listing shows the technician (certified, or new with
 * credentials in review) and, when there are any, why no job notifications arrive and how to
 * lift each.
 */
export function ApprovalStatus({ profile }: { profile: OwnProfile }) {
  return (
    <Card className="mb-6">
      <CardContent className="flex flex-wrap items-center gap-3 pt-6">
        <span className="text-sm font-medium">Approval status:</span>
        {profile.status === 'approved' ? (
          <Badge variant="success">
            <CheckCircle2 className="h-3 w-3" /> Approved
          </Badge>
        ) : profile.status === 'pending' ? (
          <Badge variant="warning">
            <Clock className="h-3 w-3" /> Pending approval
          </Badge>
        ) : (
          <Badge variant="destructive" className="capitalize">
            {profile.status}
          </Badge>
        )}
        {profile.status === 'pending' && (
          <p className="w-full text-sm text-slate-600">
            Your account is awaiting approval by our admin team. You'll be notified by e-mail once
            approved.
          </p>
        )}
        <span className="text-sm font-medium">Listed as:</span>
        {profile.certified ? (
          <Badge variant="success">
            <ShieldCheck className="h-3 w-3" aria-hidden="true" /> Certified
          </Badge>
        ) : (
          <Badge variant="outline">New, credentials in review</Badge>
        )}
        {profile.dispatchBlockers.length > 0 && (
          <div
            className="w-full rounded-md bg-amber-50 p-3 text-sm text-amber-900"
            role="status"
            data-testid="dispatch-blockers"
          >
            <p className="mb-1 flex items-center gap-2 font-semibold">
              <AlertTriangle className="h-4 w-4" aria-hidden="true" /> You are not receiving job
              notifications:
            </p>
            <ul className="list-disc pl-6">
              {profile.dispatchBlockers.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
            {!profile.certified && (
              <Link
                to={PATHS.technicianVerifications}
                className="mt-2 inline-block font-medium text-blue-800 underline"
              >
                Go to My Verifications
              </Link>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
