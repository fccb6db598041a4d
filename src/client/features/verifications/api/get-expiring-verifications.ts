import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminVerification } from '@shared/schemas/verifications';
import { getJson } from '../../../lib/api-client';
import { verificationKeys } from './keys';

/** GET /api/admin/verifications/expiring: verifications that expire within 30 days. */
export const getExpiringVerifications = () =>
  getJson<AdminVerification[]>('/api/admin/verifications/expiring?days=30');

export const expiringVerificationsQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: verificationKeys.expiring,
    queryFn: getExpiringVerifications,
    enabled,
  });

export const useExpiringVerifications = (enabled: boolean) =>
  useQuery(expiringVerificationsQueryOptions(enabled));
