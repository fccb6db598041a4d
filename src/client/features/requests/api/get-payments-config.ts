import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentsConfig } from '@shared/schemas/payments';
import { getJson } from '../../../lib/api-client';
import { requestKeys } from './keys';

export type { PaymentsConfig };

/** GET /api/payments/config: which card form the invoice payment shows. */
export const getPaymentsConfig = () => getJson<PaymentsConfig>('/api/payments/config');

export const paymentsConfigQueryOptions = () =>
  queryOptions({ queryKey: requestKeys.paymentsConfig, queryFn: getPaymentsConfig });

export const usePaymentsConfig = () => useQuery(paymentsConfigQueryOptions());
