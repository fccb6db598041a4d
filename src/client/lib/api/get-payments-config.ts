import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentsConfig } from '@shared/schemas/payments';
import { getJson } from '../api-client';
import { sharedKeys } from './keys';

/** GET /api/payments/config: which card form and wallet are configured (billing, POS, requests). */
export const getPaymentsConfig = () => getJson<PaymentsConfig>('/api/payments/config');

export const paymentsConfigQueryOptions = () =>
  queryOptions({ queryKey: sharedKeys.paymentsConfig, queryFn: getPaymentsConfig });

export const usePaymentsConfig = () => useQuery(paymentsConfigQueryOptions());
