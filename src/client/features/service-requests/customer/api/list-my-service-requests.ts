import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceRequestSummary } from '@shared/schemas/service-request-views';
import { getJson } from '../../../../lib/api-client';
import { serviceRequestKeys } from '../../api/keys';

export type { ServiceRequestSummary };

/** GET /api/service-requests: the signed-in customer's requests. */
export const listMyServiceRequests = () =>
  getJson<ServiceRequestSummary[]>('/api/service-requests');

export const myServiceRequestsQueryOptions = () =>
  queryOptions({ queryKey: serviceRequestKeys.mine, queryFn: listMyServiceRequests });

export const useMyServiceRequests = () => useQuery(myServiceRequestsQueryOptions());
