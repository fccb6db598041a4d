import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  WarrantyAnswer,
  WarrantyClaim,
  WarrantyClaimInput,
  WarrantyView,
} from '@shared/schemas/warranty';
import { apiRequest, getJson } from '../../../../lib/api-client';
import { serviceRequestKeys, serviceRequestUrl, type ServiceRequestRef } from '../../api/keys';

/** Under the request's own key: its live updates refetch the claims with it. */
const warrantyKey = (reference: string) =>
  [...serviceRequestKeys.detail(reference), 'warranty'] as const;

/** GET /api/service-requests/:reference/warranty-claims */
export const useWarranty = (ref: ServiceRequestRef) =>
  useQuery({
    queryKey: warrantyKey(ref.reference),
    queryFn: () => getJson<WarrantyView>(serviceRequestUrl(ref, '/warranty-claims')),
  });

/** POST /api/service-requests/:reference/warranty-claims (the customer) */
export function useOpenClaim(ref: ServiceRequestRef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: WarrantyClaimInput) =>
      apiRequest<WarrantyClaim>('POST', serviceRequestUrl(ref, '/warranty-claims'), body),
    onSuccess: () => qc.invalidateQueries({ queryKey: serviceRequestKeys.detail(ref.reference) }),
  });
}

/** POST /api/service-requests/:reference/warranty-claims/:id/answer (the technician, an admin) */
export function useAnswerClaim(ref: ServiceRequestRef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: WarrantyAnswer }) =>
      apiRequest<WarrantyClaim>(
        'POST',
        serviceRequestUrl({ reference: ref.reference }, `/warranty-claims/${id}/answer`),
        answer,
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: serviceRequestKeys.detail(ref.reference) }),
  });
}
