import type { ComponentProps } from 'react';
import type { ServiceRequestStatus } from '@shared/constants/domain';
import { SERVICE_REQUEST_STATUS_LABELS } from '@shared/service-request-rules';
import { Badge } from './ui/badge';

/**
 * A request state's badge colour, the same for the customer, the technician and the admin:
 * waiting for a technician in amber, under way in the primary colour, done in green, ended
 * without anyone in red (it needs attention), canceled outlined.
 */
const VARIANT: Record<
  ServiceRequestStatus,
  'default' | 'secondary' | 'destructive' | 'outline' | 'success' | 'warning'
> = {
  requested: 'secondary',
  dispatching: 'warning',
  accepted: 'default',
  scheduled: 'default',
  en_route: 'default',
  in_progress: 'default',
  completed: 'success',
  canceled: 'outline',
  unmatched: 'destructive',
};

/** The request's state in words (SERVICE_REQUEST_STATUS_LABELS), coloured by how it stands. */
export function ServiceRequestStatusBadge({
  status,
  ...props
}: { status: ServiceRequestStatus } & Omit<ComponentProps<'span'>, 'children'>) {
  return (
    <Badge variant={VARIANT[status]} {...props}>
      {SERVICE_REQUEST_STATUS_LABELS[status]}
    </Badge>
  );
}
