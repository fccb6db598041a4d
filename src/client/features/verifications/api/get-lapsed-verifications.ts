import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminVerification } from '@shared/schemas/verifications';
import { getJson } from '../../../lib/api-client';
import { verificationKeys } from './keys';

/**
 * GET /api/admin/verifications/lapsed: rejected and expired records still on technicians' lists,
 * which an admin may withdraw.
 */
export const getLapsedVerifications = () =>
  getJson<AdminVerification[]>('/api/admin/verifications/lapsed');

export const lapsedVerificationsQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: verificationKeys.lapsed,
    queryFn: getLapsedVerifications,
    enabled,
  });

export const useLapsedVerifications = (enabled: boolean) =>
  useQuery(lapsedVerificationsQueryOptions(enabled));
