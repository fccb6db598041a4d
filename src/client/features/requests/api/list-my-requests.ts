import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobSummary } from '@shared/schemas/jobs';
import { getJson } from '../../../lib/api-client';
import { requestKeys } from './keys';

export type { JobSummary };

/** GET /api/service-requests: the signed-in customer's requests. */
export const listMyRequests = () => getJson<JobSummary[]>('/api/service-requests');

export const myRequestsQueryOptions = () =>
  queryOptions({ queryKey: requestKeys.mine, queryFn: listMyRequests });

export const useMyRequests = () => useQuery(myRequestsQueryOptions());
