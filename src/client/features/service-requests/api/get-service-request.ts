import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceRequestDetail } from '@shared/schemas/service-request-views';
import { getJson } from '../../../lib/api-client';
import { serviceRequestKeys, serviceRequestUrl, type ServiceRequestRef } from './keys';

export type { ServiceRequestDetail };

/** GET /api/service-requests/:reference (`?t=` for a guest): the request as this viewer may see it. */
export const getServiceRequest = (ref: ServiceRequestRef) =>
  getJson<ServiceRequestDetail>(serviceRequestUrl(ref));

/** The request's query; a side adds how often it reads it again. */
export const serviceRequestQueryOptions = (ref: ServiceRequestRef) =>
  queryOptions({
    queryKey: serviceRequestKeys.detail(ref.reference),
    queryFn: () => getServiceRequest(ref),
  });

export const useServiceRequest = (ref: ServiceRequestRef) =>
  useQuery(serviceRequestQueryOptions(ref));
