import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { setPasswordCheckSchema, setPasswordDoneSchema } from '@shared/schemas/set-password';
import { apiRequest } from '../../../lib/api-client';
import { authKeys } from './keys';

export type SetPasswordCheck = z.infer<typeof setPasswordCheckSchema>;
export type SetPasswordDone = z.infer<typeof setPasswordDoneSchema>;

/** POST /api/auth/set-password/check: whether an e-mailed link's token is still good. */
export const checkSetPasswordToken = (token: string) =>
  apiRequest<SetPasswordCheck>('POST', '/api/auth/set-password/check', { token });

export const useSetPasswordCheck = (token: string) =>
  useQuery({
    queryKey: authKeys.setPasswordCheck(token),
    queryFn: () => checkSetPasswordToken(token),
    enabled: token !== '',
    retry: false,
  });

/** POST /api/auth/set-password: the token travels in the body, never in a URL. */
export const setPassword = (input: { token: string; password: string }) =>
  apiRequest<SetPasswordDone>('POST', '/api/auth/set-password', input);

export const useSetPassword = (options: { onError: (err: Error) => void }) =>
  useMutation({ mutationFn: setPassword, onError: options.onError });
