import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@shared/schemas/auth';
import { getQueryFn } from '../../../lib/api-client';
import { authKeys } from './keys';

/** GET /api/auth/current-user: the signed-in user, or null when anonymous (401). */
export function getCurrentUser(role?: string | null): Promise<CurrentUser | null> {
  const url = role
    ? `/api/auth/current-user?role=${encodeURIComponent(role)}`
    : '/api/auth/current-user';
  return getQueryFn<CurrentUser>({ on401: 'returnNull', url })({ queryKey: [url] });
}

export const currentUserQueryOptions = (role?: string | null) =>
  queryOptions({
    queryKey: role ? authKeys.currentUserAs(role) : authKeys.currentUser(),
    queryFn: () => getCurrentUser(role),
    retry: false,
  });

/** The signed-in user (null when anonymous); `role` applies the demo override. */
export const useCurrentUser = (role?: string | null) => useQuery(currentUserQueryOptions(role));
