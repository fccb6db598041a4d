import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '@shared/constants/domain';

export const money = (s: string) =>
  `$${Number(s).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
export const statusLabel = (s: string) => PAYMENT_STATUS_LABELS[s as PaymentStatus] ?? s;
