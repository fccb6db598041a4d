import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobDetail } from '@shared/schemas/jobs';
import type { TextUpdatesBody } from '@shared/schemas/service-requests';
import { apiRequest } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/api/keys';
import { requestApiUrl, type RequestRef } from './keys';

/** PUT /api/service-requests/:reference/text-updates: start or stop texts about the request. */
export const putTextUpdates = (ref: RequestRef, body: TextUpdatesBody) =>
  apiRequest<JobDetail>('PUT', requestApiUrl(ref.reference, ref.token, '/text-updates'), body);

/** The customer's texts toggle; keeps the answer as the request. */
export function useTextUpdates(ref: RequestRef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TextUpdatesBody) => putTextUpdates(ref, body),
    onSuccess: (detail) => qc.setQueryData(sharedKeys.serviceRequest(ref.reference), detail),
  });
}

/** The confirmed window's calendar file (a plain link: the browser downloads it). */
export const windowIcsUrl = (ref: RequestRef) =>
  requestApiUrl(ref.reference, ref.token, '/window.ics');
