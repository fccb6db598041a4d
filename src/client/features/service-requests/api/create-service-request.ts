import { useMutation } from '@tanstack/react-query';
import type {
  CreateServiceRequestInput,
  ServiceRequestResponse,
} from '@shared/schemas/service-requests';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/service-requests: notifies the technicians nearby. */
export const createServiceRequest = (body: CreateServiceRequestInput) =>
  apiRequest<ServiceRequestResponse>('POST', '/api/service-requests', body);

export const useCreateServiceRequest = () => useMutation({ mutationFn: createServiceRequest });
