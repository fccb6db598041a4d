import { useQuery } from '@tanstack/react-query';
import type { PaymentsConfig } from '@shared/schemas/payments';
import { getJson } from '../../../lib/api-client';

/** GET /api/payments/config: which card form the payment screen shows (same key as billing's). */
export type { PaymentsConfig };

export const usePaymentsConfig = () =>
  useQuery({
    queryKey: ['/api/payments/config'],
    queryFn: () => getJson<PaymentsConfig>('/api/payments/config'),
  });
