import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateVerificationInput, Verification } from '@shared/schemas/verifications';
import { apiRequest } from '../../../lib/api-client';
import { verificationKeys } from './keys';

/** POST /api/verifications: a technician adds a verification (a licence, an insurance...). */
export const addVerification = (input: CreateVerificationInput) =>
  apiRequest<Verification>('POST', '/api/verifications', input);

export function useAddVerification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addVerification,
    onSuccess: () => qc.invalidateQueries({ queryKey: verificationKeys.all }),
  });
}
