import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateApiTokenInput, CreatedApiToken } from '@shared/schemas/api-tokens';
import { apiRequest } from '../../../lib/api-client';
import { apiTokenKeys } from './keys';

/** POST /api/technicians/me/api-tokens: the token comes back this once. */
export const createApiToken = (input: CreateApiTokenInput) =>
  apiRequest<CreatedApiToken>('POST', '/api/technicians/me/api-tokens', input);

export function useCreateApiToken() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: () => qc.invalidateQueries({ queryKey: apiTokenKeys.list }),
  });
}
