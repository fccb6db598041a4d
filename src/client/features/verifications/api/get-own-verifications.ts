import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Verification } from '@shared/schemas/verifications';
import { getJson } from '../../../lib/api-client';
import { verificationKeys } from './keys';

/** GET /api/verifications/technician/:id: a technician's own verifications. */
export const getOwnVerifications = (technicianId: number) =>
  getJson<Verification[]>(`/api/verifications/technician/${technicianId}`);

export const ownVerificationsQueryOptions = (technicianId: number | null) =>
  queryOptions({
    queryKey: verificationKeys.own(technicianId ?? 0),
    queryFn: () => getOwnVerifications(technicianId!),
    enabled: technicianId !== null,
  });

export const useOwnVerifications = (technicianId: number | null) =>
  useQuery(ownVerificationsQueryOptions(technicianId));
