import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobDetail } from '@shared/schemas/jobs';
import { getJson } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** GET /api/service-requests/:reference (the admin's view: timeline and notifications). */
export const getServiceRequest = (reference: string) =>
  getJson<JobDetail>(`/api/service-requests/${encodeURIComponent(reference)}`);

export const serviceRequestQueryOptions = (reference: string | null) =>
  queryOptions({
    queryKey: adminKeys.request(reference ?? ''),
    queryFn: () => getServiceRequest(reference!),
    enabled: reference !== null,
  });

export const useServiceRequestDetail = (reference: string | null) =>
  useQuery(serviceRequestQueryOptions(reference));
