import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import { billingKeys } from './keys';

export type PaymentsConfig = {
  card:
    | { provider: 'sandbox' }
    | { provider: 'square'; applicationId: string; locationId: string; scriptUrl: string }
    | null;
  wallet: { provider: 'sandbox' | 'paypal' } | null;
};

/** GET /api/payments/config: which card form and wallet are configured. */
export const getPaymentsConfig = () => getJson<PaymentsConfig>('/api/payments/config');

export const paymentsConfigQueryOptions = () =>
  queryOptions({ queryKey: billingKeys.paymentsConfig, queryFn: getPaymentsConfig });

export const usePaymentsConfig = () => useQuery(paymentsConfigQueryOptions());
