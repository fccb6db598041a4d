import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobDetail } from '@shared/schemas/jobs';
import { getJson } from '../../../lib/api-client';
import { requestApiUrl, requestKeys, type RequestRef } from './keys';

export type { JobDetail };

/** GET /api/service-requests/:reference (`?t=` for a guest): the request as this viewer sees it. */
export const getRequest = ({ reference, token }: RequestRef) =>
  getJson<JobDetail>(requestApiUrl(reference, token));

export const requestQueryOptions = (ref: RequestRef) =>
  queryOptions({ queryKey: requestKeys.detail(ref.reference), queryFn: () => getRequest(ref) });

export const useRequest = (ref: RequestRef) => useQuery(requestQueryOptions(ref));
