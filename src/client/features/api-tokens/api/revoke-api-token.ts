import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiTokenKeys } from './keys';

/** DELETE /api/technicians/me/api-tokens/:id */
export const revokeApiToken = (id: number) =>
  apiRequest<{ message: string }>('DELETE', `/api/technicians/me/api-tokens/${id}`);

export function useRevokeApiToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: () => qc.invalidateQueries({ queryKey: apiTokenKeys.list }),
  });
}
