import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { RegisterInput, registerResponseSchema } from '@shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client';

export type RegisterResponse = z.output<typeof registerResponseSchema>;

/** POST /api/auth/register (does not sign in: technicians await admin approval). */
export const register = (input: RegisterInput) =>
  apiRequest<RegisterResponse>('POST', '/api/auth/register', input);

export const useRegister = () => useMutation({ mutationFn: register });
