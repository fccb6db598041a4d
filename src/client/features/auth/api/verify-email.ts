import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { verifyEmailResponseSchema, verifyEmailSchema } from '@shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './keys';

export type VerifyEmailInput = z.input<typeof verifyEmailSchema>;
export type VerifyEmailResult = z.output<typeof verifyEmailResponseSchema>;

/** POST /api/auth/verify-email: confirms the address from the link e-mailed at registration. */
export const verifyEmail = (input: VerifyEmailInput) =>
  apiRequest<VerifyEmailResult>('POST', '/api/auth/verify-email', input);

// A query, not an effect: it runs once per token even when React mounts twice. Opened in the
// browser that registered, the link signs the person in: the header learns it at once.
export function useVerifyEmail(token: string) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: authKeys.verifyEmail(token),
    queryFn: async () => {
      const result = await verifyEmail({ token });
      if (result.signedIn) await qc.invalidateQueries({ queryKey: authKeys.currentUser() });
      return result;
    },
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
