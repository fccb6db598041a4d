import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobDetail } from '@shared/schemas/jobs';
import { apiRequest } from '../../../lib/api-client';
import { requestApiUrl, requestKeys, type RequestRef } from './keys';

type Deposit = { sourceId: string; idempotencyKey: string };

/**
 * POST /api/service-requests/:reference/quotes/:quoteId/approve: the customer signs a quote,
 * with the card that pays its deposit when it asks for one (402 declined).
 */
export const approveQuote = (
  ref: RequestRef,
  quoteId: number,
  signature: string,
  deposit?: Deposit,
) =>
  apiRequest<JobDetail>(
    'POST',
    requestApiUrl(ref.reference, ref.token, `/quotes/${quoteId}/approve`),
    { signature, ...(deposit ? { deposit } : {}) },
  );

export function useApproveQuote(ref: RequestRef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { quoteId: number; signature: string; deposit?: Deposit }) =>
      approveQuote(ref, v.quoteId, v.signature, v.deposit),
    onSuccess: (detail) => qc.setQueryData(requestKeys.detail(ref.reference), detail),
  });
}
