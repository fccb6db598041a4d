import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { verificationKeys } from './keys';

/** DELETE /api/verifications/:id: a technician removes one of their verifications. */
export const deleteVerification = (id: number) => apiRequest('DELETE', `/api/verifications/${id}`);

export function useDeleteVerification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteVerification,
    onSuccess: () => qc.invalidateQueries({ queryKey: verificationKeys.all }),
  });
}
