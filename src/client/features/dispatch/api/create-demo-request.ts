import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  demoServiceRequestSchema,
  ServiceRequestResponse,
} from '@shared/schemas/service-requests';
import { apiRequest } from '../../../lib/api-client';

/** The demo page's payload for POST /api/service-requests (demoServiceRequestSchema). */
export type DemoRequest = z.input<typeof demoServiceRequestSchema>;

/** POST /api/service-requests with a demo request. */
export const createDemoRequest = (body: DemoRequest) =>
  apiRequest<ServiceRequestResponse>('POST', '/api/service-requests', body);

export const useCreateDemoRequest = (
  options: Pick<
    UseMutationOptions<ServiceRequestResponse, Error, DemoRequest>,
    'onMutate' | 'onSuccess' | 'onError'
  > = {},
) => useMutation({ mutationFn: createDemoRequest, ...options });
