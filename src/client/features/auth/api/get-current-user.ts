import { queryOptions, useQuery } from '@tanstack/react-query';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { CurrentUser } from '@shared/schemas/auth';
import { getQueryFn } from '../../../lib/api-client';
import { isNetworkError } from '../../../lib/connectivity';
import { authKeys } from './keys';

let idb: UseStore | null = null;
const sessionStore = () => (idb ??= createStore('wrenchly-session', 'user'));
const KEPT_USER = 'technician';

/**
 * The technician the server last confirmed, kept on the device so that the installed app opens
 * their point of sale and jobs with no network (ADR 013). Anyone else, or nobody signed in (the
 * server said so), leaves nothing behind.
 */
async function keep(user: CurrentUser | null) {
  try {
    if (user?.technicianId != null) await set(KEPT_USER, user, sessionStore());
    else await del(KEPT_USER, sessionStore());
  } catch {
    // No IndexedDB (private mode): the app just needs the network to start.
  }
}

async function kept(): Promise<CurrentUser | undefined> {
  try {
    return await get<CurrentUser>(KEPT_USER, sessionStore());
  } catch {
    return undefined;
  }
}

/**
 * GET /api/auth/current-user: the signed-in user, or null when anonymous (401). With no answer
 * from the server, the technician kept on this device (their session cookie is still here).
 */
export async function getCurrentUser(role?: string | null): Promise<CurrentUser | null> {
  const url = role
    ? `/api/auth/current-user?role=${encodeURIComponent(role)}`
    : '/api/auth/current-user';
  try {
    const user = await getQueryFn<CurrentUser>({ on401: 'returnNull', url })({ queryKey: [url] });
    if (!role) await keep(user);
    return user;
  } catch (err) {
    const offline = !role && isNetworkError(err) ? await kept() : undefined;
    if (offline) return offline;
    throw err;
  }
}

/** Forgets the kept technician (signing out). */
export const forgetKeptUser = () => keep(null);

export const currentUserQueryOptions = (role?: string | null) =>
  queryOptions({
    queryKey: role ? authKeys.currentUserAs(role) : authKeys.currentUser(),
    queryFn: () => getCurrentUser(role),
    retry: false,
  });

/** The signed-in user (null when anonymous); `role` applies the demo override. */
export const useCurrentUser = (role?: string | null) => useQuery(currentUserQueryOptions(role));
