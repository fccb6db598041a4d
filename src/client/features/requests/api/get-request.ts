import { useQuery } from '@tanstack/react-query';
import type { JobDetail } from '@shared/schemas/jobs';
import { serviceRequestQueryOptions } from '../../../lib/api/service-request';
import type { RequestRef } from './keys';

export type { JobDetail };

/** GET /api/service-requests/:reference (`?t=` for a guest): the request as this viewer sees it. */
export const requestQueryOptions = ({ reference, token }: RequestRef) =>
  serviceRequestQueryOptions(reference, token);

export const useRequest = (ref: RequestRef) => useQuery(requestQueryOptions(ref));
