import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { verificationKeys } from './keys';

/**
 * DELETE /api/verifications/:id: a technician (or an admin) removes a verification: a pending
 * one is deleted, a rejected or expired one withdrawn (it stays on record).
 */
export const deleteVerification = (id: number) =>
  apiRequest<{ message: string }>('DELETE', `/api/verifications/${id}`);

export function useDeleteVerification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteVerification,
    onSuccess: () => qc.invalidateQueries({ queryKey: verificationKeys.all }),
  });
}
