import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import type { Urgency } from '@shared/constants/service-types';
import type { ServiceRequestResponse } from '@shared/schemas/service-requests';
import { apiRequest } from '../../../lib/api-client';

/**
 * The demo page's payload for POST /api/service-requests (demoServiceRequestSchema). Service
 * type and location stay plain strings: the form starts them empty and its selects require them.
 */
export type DemoRequest = {
  customerName: string;
  phoneNumber: string;
  email: string;
  vehicleInfo: string;
  serviceType: string;
  location: string;
  issueDescription: string;
  urgency: Urgency;
};

/** POST /api/service-requests with a demo request. */
export const createDemoRequest = (body: DemoRequest) =>
  apiRequest<ServiceRequestResponse>('POST', '/api/service-requests', body);

export const useCreateDemoRequest = (
  options: Pick<
    UseMutationOptions<ServiceRequestResponse, Error, DemoRequest>,
    'onSuccess' | 'onError'
  > = {},
) => useMutation({ mutationFn: createDemoRequest, ...options });
