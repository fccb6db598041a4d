import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentsConfig } from '@shared/schemas/payments';
import { getJson } from '../../../lib/api-client';
import { billingKeys } from './keys';

export type { PaymentsConfig };

/** GET /api/payments/config: which card form and wallet are configured. */
export const getPaymentsConfig = () => getJson<PaymentsConfig>('/api/payments/config');

export const paymentsConfigQueryOptions = () =>
  queryOptions({ queryKey: billingKeys.paymentsConfig, queryFn: getPaymentsConfig });

export const usePaymentsConfig = () => useQuery(paymentsConfigQueryOptions());
