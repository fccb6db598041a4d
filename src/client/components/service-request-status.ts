import type { ServiceRequestStatus } from '@shared/constants/domain';

/**
 * A request state's badge colour where the admin watches requests (their list and a request's
 * detail): red when it needs attention or ended badly.
 */
export const serviceRequestStatusVariant = (s: ServiceRequestStatus) =>
  s === 'unmatched' || s === 'canceled'
    ? ('destructive' as const)
    : s === 'completed'
      ? ('success' as const)
      : s === 'dispatching' || s === 'requested'
        ? ('warning' as const)
        : ('secondary' as const);
