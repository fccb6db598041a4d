import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CreateServiceRequestInput,
  demoServiceRequestSchema,
  ServiceRequestResponse,
} from '@shared/schemas/service-requests';
import { apiRequest } from '../../../../lib/api-client';

/** What POST /api/service-requests takes: the request form's payload, or the demo page's. */
export type NewServiceRequest =
  CreateServiceRequestInput | z.input<typeof demoServiceRequestSchema>;

/** POST /api/service-requests: notifies the technicians nearby. */
export const createServiceRequest = (body: NewServiceRequest) =>
  apiRequest<ServiceRequestResponse>('POST', '/api/service-requests', body);

export const useCreateServiceRequest = <Body extends NewServiceRequest = CreateServiceRequestInput>(
  options: Pick<
    UseMutationOptions<ServiceRequestResponse, Error, Body>,
    'onMutate' | 'onSuccess' | 'onError'
  > = {},
) => useMutation({ mutationFn: (body: Body) => createServiceRequest(body), ...options });
