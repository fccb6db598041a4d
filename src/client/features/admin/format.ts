import { formatAmount } from '@shared/money';
import {
  PAYMENT_STATUS_LABELS,
  type PaymentStatus,
  type ServiceRequestStatus,
} from '@shared/constants/domain';

/** '$1,234.50' from a decimal string (the one currency formatter, `@shared/money`). */
export const money = (s: string) => formatAmount(s);
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
