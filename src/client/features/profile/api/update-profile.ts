import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnProfile, UpdateProfileInput } from '@shared/schemas/profile';
import { apiRequest } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/api/keys';
import { profileKeys } from './keys';

/** PATCH /api/technicians/me */
export const updateProfile = (input: UpdateProfileInput) =>
  apiRequest<OwnProfile>('PATCH', '/api/technicians/me', input);

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (data) => {
      qc.setQueryData(profileKeys.me, data);
      return qc.invalidateQueries({ queryKey: sharedKeys.technicians });
    },
  });
}
