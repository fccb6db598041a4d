import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  PAYMENT_HISTORY_HEADERS as H,
  paymentHistoryTotalsSchema,
  type PaymentHistoryTotals,
  type PaymentRecord,
} from '@shared/schemas/billing';
import { getJsonWithHeaders } from '../../../lib/api-client';
import { billingKeys } from './keys';

export type PaymentHistoryPage = { items: PaymentRecord[]; totals: PaymentHistoryTotals };

/**
 * GET /api/payment/history/{page}?pageSize=: one page of the technician's plan payments, and
 * the totals over the whole history, which the server sends in headers.
 */
export async function getPaymentHistory(
  page: number,
  pageSize: number,
): Promise<PaymentHistoryPage> {
  const { data, headers } = await getJsonWithHeaders<PaymentRecord[]>(
    `/api/payment/history/${page}?pageSize=${pageSize}`,
  );
  const totals = paymentHistoryTotalsSchema.parse({
    totalCount: headers.get(H.total) ?? data.length,
    totalPaid: headers.get(H.paid),
    totalPending: headers.get(H.pending),
    pageSize: headers.get(H.pageSize) ?? pageSize,
  });
  return { items: data, totals };
}

export const paymentHistoryQueryOptions = (page: number, pageSize: number, enabled: boolean) =>
  queryOptions({
    queryKey: billingKeys.history(page, pageSize),
    queryFn: () => getPaymentHistory(page, pageSize),
    enabled,
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const usePaymentHistory = (page: number, pageSize: number, enabled: boolean) =>
  useQuery(paymentHistoryQueryOptions(page, pageSize, enabled));

/** GET /api/payment/history.csv: the whole history as a download (a plain link, no fetch). */
export const PAYMENT_HISTORY_CSV_URL = '/api/payment/history.csv';
