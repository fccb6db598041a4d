import type { ServiceRequestStatus } from '@shared/constants/domain';
import { SERVICE_REQUEST_STATUS_LABELS } from '@shared/service-request-rules';
import { Badge } from '../../../../components/ui/badge';
import { STATUS_BADGE_VARIANT } from '../format';

/** The request's state in words (SERVICE_REQUEST_STATUS_LABELS), coloured by how it stands. */
export function StatusBadge({ status }: { status: ServiceRequestStatus }) {
  return (
    <Badge variant={STATUS_BADGE_VARIANT[status]} data-testid="request-status">
      {SERVICE_REQUEST_STATUS_LABELS[status]}
    </Badge>
  );
}
