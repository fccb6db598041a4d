import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OwnProfile, UpdateProfileInput } from '@shared/schemas/profile';
import { apiRequest, getJson } from '../../lib/api-client';

export const profileKeys = { me: ['/api/technicians/me'] as const };

export const useOwnProfile = (enabled: boolean) =>
  useQuery({
    queryKey: profileKeys.me,
    queryFn: () => getJson<OwnProfile>('/api/technicians/me'),
    enabled,
  });

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateProfileInput) =>
      apiRequest<OwnProfile>('PATCH', '/api/technicians/me', input),
    onSuccess: (data) => {
      qc.setQueryData(profileKeys.me, data);
      return qc.invalidateQueries({ queryKey: ['technicians'] });
    },
  });
}
