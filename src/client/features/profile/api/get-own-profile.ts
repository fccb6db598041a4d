import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnProfile } from '@shared/schemas/profile';
import { getJson } from '../../../lib/api-client';
import { profileKeys } from './keys';

/** GET /api/technicians/me: the signed-in technician's own profile. */
export const getOwnProfile = () => getJson<OwnProfile>('/api/technicians/me');

export const ownProfileQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: profileKeys.me,
    queryFn: getOwnProfile,
    enabled,
  });

export const useOwnProfile = (enabled: boolean) => useQuery(ownProfileQueryOptions(enabled));
