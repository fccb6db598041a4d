import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobDetail } from '@shared/schemas/jobs';
import { apiRequest } from '../../../lib/api-client';
import { requestApiUrl, requestKeys, type RequestRef } from './keys';

/** POST /api/service-requests/:reference/quotes/:quoteId/approve: the customer signs a quote. */
export const approveQuote = (ref: RequestRef, quoteId: number, signature: string) =>
  apiRequest<JobDetail>(
    'POST',
    requestApiUrl(ref.reference, ref.token, `/quotes/${quoteId}/approve`),
    { signature },
  );

export function useApproveQuote(ref: RequestRef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { quoteId: number; signature: string }) =>
      approveQuote(ref, v.quoteId, v.signature),
    onSuccess: (detail) => qc.setQueryData(requestKeys.detail(ref.reference), detail),
  });
}
