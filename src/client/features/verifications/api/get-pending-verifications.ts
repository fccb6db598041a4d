import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminVerification } from '@shared/schemas/verifications';
import { getJson } from '../../../lib/api-client';
import { verificationKeys } from './keys';

/** GET /api/admin/verifications/pending: what waits for an admin's review. */
export const getPendingVerifications = () =>
  getJson<AdminVerification[]>('/api/admin/verifications/pending');

export const pendingVerificationsQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: verificationKeys.pending,
    queryFn: getPendingVerifications,
    enabled,
  });

export const usePendingVerifications = (enabled: boolean) =>
  useQuery(pendingVerificationsQueryOptions(enabled));
