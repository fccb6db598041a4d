import type { ServiceRequestStatus } from '@shared/constants/domain';
import { SERVICE_REQUEST_STATUS_LABELS } from '@shared/service-request-rules';
import { Badge } from '../../../components/ui/badge';

const VARIANT: Record<
  ServiceRequestStatus,
  'default' | 'secondary' | 'success' | 'warning' | 'outline' | 'destructive'
> = {
  requested: 'outline',
  dispatching: 'outline',
  accepted: 'warning',
  scheduled: 'default',
  en_route: 'default',
  in_progress: 'default',
  completed: 'success',
  canceled: 'secondary',
  unmatched: 'secondary',
};

/** The job's state in words, coloured by how far along it is. */
export function JobStatusBadge({ status }: { status: ServiceRequestStatus }) {
  return <Badge variant={VARIANT[status]}>{SERVICE_REQUEST_STATUS_LABELS[status]}</Badge>;
}
