import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceRequestDetail } from '@shared/schemas/service-request-views';
import type { TextUpdatesBody } from '@shared/schemas/service-requests';
import { apiRequest } from '../../../../lib/api-client';
import { serviceRequestKeys, serviceRequestUrl, type ServiceRequestRef } from '../../api/keys';

/** PUT /api/service-requests/:reference/text-updates: start or stop texts about the request. */
export const putTextUpdates = (ref: ServiceRequestRef, body: TextUpdatesBody) =>
  apiRequest<ServiceRequestDetail>('PUT', serviceRequestUrl(ref, '/text-updates'), body);

/** The customer's texts toggle; keeps the answer as the request. */
export function useTextUpdates(ref: ServiceRequestRef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TextUpdatesBody) => putTextUpdates(ref, body),
    onSuccess: (detail) => qc.setQueryData(serviceRequestKeys.detail(ref.reference), detail),
  });
}

/** The confirmed window's calendar file (a plain link: the browser downloads it). */
export const windowIcsUrl = (ref: ServiceRequestRef) => serviceRequestUrl(ref, '/window.ics');
