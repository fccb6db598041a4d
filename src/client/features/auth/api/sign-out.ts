import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { forgetKeptUser } from './get-current-user';
import { authKeys } from './keys';

/** POST /api/auth/signout */
export const signOut = () => apiRequest<{ message: string }>('POST', '/api/auth/signout', {});

export function useSignOut() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      await forgetKeptUser();
      qc.setQueriesData({ queryKey: authKeys.currentUser() }, null);
      // Everything cached may have been the signed-in user's view: fetch it again.
      return qc.invalidateQueries();
    },
  });
}
