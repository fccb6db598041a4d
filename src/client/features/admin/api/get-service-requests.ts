import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  adminJobsSchema,
  serviceRequestStatusSchema,
} from '@shared/schemas/service-request-views';
import { getJson } from '../../../lib/api-client';
import { adminKeys } from './keys';
import { queryString } from './query-string';

export type AdminJobs = z.output<typeof adminJobsSchema>;
export type JobStatus = z.output<typeof serviceRequestStatusSchema>;
export type RequestFilter = { status?: JobStatus; q?: string; page: number };

/** GET /api/admin/service-requests: one page of the requests, filtered. */
export const getAdminServiceRequests = (f: RequestFilter) =>
  getJson<AdminJobs>(`/api/admin/service-requests${queryString(f)}`);

export const adminServiceRequestsQueryOptions = (f: RequestFilter) =>
  queryOptions({
    queryKey: adminKeys.requests(f),
    queryFn: () => getAdminServiceRequests(f),
    placeholderData: keepPreviousData,
  });

export const useAdminServiceRequests = (f: RequestFilter) =>
  useQuery(adminServiceRequestsQueryOptions(f));
