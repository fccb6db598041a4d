import { CheckCircle2, Clock } from 'lucide-react';
import type { VerificationStatus } from '@shared/constants/domain';
import { Badge } from '../../components/ui/badge';

/** pending: outline with a clock; verified: default with a check; expired: secondary; rejected: destructive. */
export function VerificationStatusBadge({ status }: { status: VerificationStatus }) {
  switch (status) {
    case 'pending':
      return (
        <Badge variant="outline" className="gap-1">
          <Clock className="h-3 w-3" aria-hidden="true" /> Pending
        </Badge>
      );
    case 'verified':
      return (
        <Badge variant="default" className="gap-1">
          <CheckCircle2 className="h-3 w-3" aria-hidden="true" /> Verified
        </Badge>
      );
    case 'expired':
      return <Badge variant="secondary">Expired</Badge>;
    case 'rejected':
      return <Badge variant="destructive">Rejected</Badge>;
  }
}
