import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceRequestDetail } from '@shared/schemas/service-request-views';
import { apiRequest } from '../../../../lib/api-client';
import { serviceRequestKeys, serviceRequestUrl, type ServiceRequestRef } from '../../api/keys';

type Deposit = { sourceId: string; idempotencyKey: string };
/** The signature, on the version of the quote the customer was shown (ADR 026). */
type Signing = { signature: string; version: number; contentHash?: string; deposit?: Deposit };

/**
 * POST /api/service-requests/:reference/quotes/:quoteId/approve: the customer signs a quote,
 * with the card that pays its deposit when it asks for one (402 declined).
 */
export const approveQuote = (
  ref: ServiceRequestRef,
  quoteId: number,
  { deposit, ...signing }: Signing,
) =>
  apiRequest<ServiceRequestDetail>('POST', serviceRequestUrl(ref, `/quotes/${quoteId}/approve`), {
    ...signing,
    ...(deposit ? { deposit } : {}),
  });

export function useApproveQuote(ref: ServiceRequestRef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ quoteId, ...signing }: Signing & { quoteId: number }) =>
      approveQuote(ref, quoteId, signing),
    onSuccess: (detail) => qc.setQueryData(serviceRequestKeys.detail(ref.reference), detail),
  });
}
