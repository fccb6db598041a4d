import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { RegisterInput, registerResponseSchema } from '@shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client';
import { currentUserQueryOptions, type getCurrentUser } from './get-current-user';
import { authKeys } from './keys';

export type RegisterResponse = z.output<typeof registerResponseSchema>;
/** Who is signed in after registering (null: nobody, the address already had an account). */
export type RegisteredUser = Awaited<ReturnType<typeof getCurrentUser>>;

/** POST /api/auth/register: a new account is signed in (a technician's then awaits approval). */
export const register = (input: RegisterInput) =>
  apiRequest<RegisterResponse>('POST', '/api/auth/register', input);

/**
 * Registers, then learns who is signed in now (the answer does not say: an address that
 * already had an account signs no one in), so the header and the next page know at once.
 */
export function useRegister() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: RegisterInput) => {
      const answer = await register(input);
      await qc.invalidateQueries({ queryKey: authKeys.currentUser(), refetchType: 'none' });
      const user = await qc.fetchQuery(currentUserQueryOptions()).catch(() => null);
      return { ...answer, user };
    },
  });
}
