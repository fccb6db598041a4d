import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/forgot-password: the same answer whether or not the account exists. */
export const forgotPassword = (email: string) =>
  apiRequest<{ message: string }>('POST', '/api/auth/forgot-password', { email });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
