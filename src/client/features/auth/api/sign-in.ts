import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SignInInput, signInResponseSchema } from '@shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './keys';

export type SignInResponse = z.output<typeof signInResponseSchema>;

/** POST /api/auth/signin */
export const signIn = (input: SignInInput) =>
  apiRequest<SignInResponse>('POST', '/api/auth/signin', input);

export function useSignIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: ({ user }) => {
      qc.setQueryData(authKeys.currentUser(), user);
      return qc.invalidateQueries({ queryKey: authKeys.currentUser() });
    },
  });
}
