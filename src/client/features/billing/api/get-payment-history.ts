import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentRecord } from '@shared/schemas/billing';
import { getJson } from '../../../lib/api-client';
import { billingKeys } from './keys';

/** GET /api/payment/history/{page}: the technician's plan payments. */
export const getPaymentHistory = (page: number) =>
  getJson<PaymentRecord[]>(`/api/payment/history/${page}`);

export const paymentHistoryQueryOptions = (page: number, enabled: boolean) =>
  queryOptions({
    queryKey: billingKeys.history(page),
    queryFn: () => getPaymentHistory(page),
    enabled,
  });

export const usePaymentHistory = (page: number, enabled: boolean) =>
  useQuery(paymentHistoryQueryOptions(page, enabled));

/** GET /api/payment/history.csv: the whole history as a download (a plain link, no fetch). */
export const PAYMENT_HISTORY_CSV_URL = '/api/payment/history.csv';
