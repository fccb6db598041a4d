import { queryOptions, useQuery } from '@tanstack/react-query';
import { serviceRequestQueryOptions } from '../../../lib/api/service-request';

/** GET /api/service-requests/:reference (the admin's view: timeline and notifications). */
export const adminServiceRequestQueryOptions = (reference: string | null) =>
  queryOptions({ ...serviceRequestQueryOptions(reference ?? ''), enabled: reference !== null });

export const useServiceRequestDetail = (reference: string | null) =>
  useQuery(adminServiceRequestQueryOptions(reference));
