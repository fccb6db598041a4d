import { useMutation } from '@tanstack/react-query';
import type { CurrentUser, RegisterInput } from '@shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client';

export type RegisterResponse = { user: CurrentUser; message: string };

/** POST /api/auth/register (does not sign in: technicians await admin approval). */
export const register = (input: RegisterInput) =>
  apiRequest<RegisterResponse>('POST', '/api/auth/register', input);

export const useRegister = () => useMutation({ mutationFn: register });
