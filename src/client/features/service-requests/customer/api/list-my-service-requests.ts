import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobSummary } from '@shared/schemas/jobs';
import { getJson } from '../../../../lib/api-client';
import { serviceRequestKeys } from '../../api/keys';

export type { JobSummary };

/** GET /api/service-requests: the signed-in customer's requests. */
export const listMyServiceRequests = () => getJson<JobSummary[]>('/api/service-requests');

export const myServiceRequestsQueryOptions = () =>
  queryOptions({ queryKey: serviceRequestKeys.mine, queryFn: listMyServiceRequests });

export const useMyServiceRequests = () => useQuery(myServiceRequestsQueryOptions());
