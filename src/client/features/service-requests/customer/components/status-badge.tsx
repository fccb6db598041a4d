import type { ServiceRequestStatus } from '@shared/constants/domain';
import { JOB_STATUS_LABELS } from '@shared/jobs';
import { Badge } from '../../../../components/ui/badge';
import { STATUS_BADGE_VARIANT } from '../format';

/** The request's state in words (JOB_STATUS_LABELS), coloured by how it stands. */
export function StatusBadge({ status }: { status: ServiceRequestStatus }) {
  return (
    <Badge variant={STATUS_BADGE_VARIANT[status]} data-testid="request-status">
      {JOB_STATUS_LABELS[status]}
    </Badge>
  );
}
