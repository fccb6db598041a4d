import {
  mutationOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ServiceRequestDetail,
  serviceRequestMoveBodySchema,
} from '@shared/schemas/service-request-views';
import { apiRequest, type ApiRequest } from '../../../lib/api-client';
import { serviceRequestKeys, serviceRequestUrl, type ServiceRequestRef } from './keys';

export type ServiceRequestMoveInput = z.input<typeof serviceRequestMoveBodySchema>;

/**
 * POST /api/service-requests/:reference/moves: the one way a request moves on, whoever moves it
 * (customer, guest with the link, technician, admin). Answers the request as it is after the move.
 */
export const moveServiceRequest = (
  ref: ServiceRequestRef,
  body: ServiceRequestMoveInput,
  send: ApiRequest = apiRequest,
) => send<ServiceRequestDetail>('POST', serviceRequestUrl(ref, '/moves'), body);

/**
 * A move on this request: keeps the answer as the request and refreshes the lists of requests.
 * `onMoved` runs even when the screen that made the move is gone by then (the move itself can
 * remove its button); the move settles once what it returns has.
 */
export const serviceRequestMoveOptions = (
  qc: QueryClient,
  ref: ServiceRequestRef,
  onMoved?: (detail: ServiceRequestDetail) => unknown,
  send: ApiRequest = apiRequest,
) =>
  mutationOptions({
    mutationFn: (body: ServiceRequestMoveInput) => moveServiceRequest(ref, body, send),
    onSuccess: async (detail: ServiceRequestDetail) => {
      qc.setQueryData(serviceRequestKeys.detail(ref.reference), detail);
      void qc.invalidateQueries({ queryKey: serviceRequestKeys.lists });
      await onMoved?.(detail);
    },
    // Refused (someone moved it first, say): show the request as the server has it now.
    onError: () => qc.invalidateQueries({ queryKey: serviceRequestKeys.detail(ref.reference) }),
  });

export function useServiceRequestMove(
  ref: ServiceRequestRef,
  onMoved?: (detail: ServiceRequestDetail) => unknown,
) {
  const qc = useQueryClient();
  return useMutation(serviceRequestMoveOptions(qc, ref, onMoved));
}
