import {
  PAYMENT_STATUS_LABELS,
  type PaymentStatus,
  type ServiceRequestStatus,
} from '@shared/constants/domain';

export const money = (s: string) =>
  `$${Number(s).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
export const statusLabel = (s: string) => PAYMENT_STATUS_LABELS[s as PaymentStatus] ?? s;

/** A request state's badge colour: red when it needs attention or ended badly. */
export const jobStatusVariant = (s: ServiceRequestStatus) =>
  s === 'unmatched' || s === 'canceled'
    ? ('destructive' as const)
    : s === 'completed'
      ? ('success' as const)
      : s === 'dispatching' || s === 'requested'
        ? ('warning' as const)
        : ('secondary' as const);
