import { formatAmount } from '@shared/money';
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '@shared/constants/domain';

/** '$1,234.50' from a decimal string (the one currency formatter, `@shared/money`). */
export const money = (s: string) => formatAmount(s);
export const statusLabel = (s: string) => PAYMENT_STATUS_LABELS[s as PaymentStatus] ?? s;
