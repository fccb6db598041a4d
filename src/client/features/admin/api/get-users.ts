import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminUserSchema } from '@shared/schemas/admin';
import { getPage } from '../../../lib/api-client';
import { adminKeys } from './keys';

export type AdminUser = z.infer<typeof adminUserSchema>;

/** GET /api/admin/users: the first 100 accounts matching the search. */
export const getAdminUsers = (search: string) =>
  getPage<AdminUser[]>(
    `/api/admin/users?pageSize=100${search ? `&search=${encodeURIComponent(search)}` : ''}`,
  );

export const adminUsersQueryOptions = (search: string, enabled: boolean) =>
  queryOptions({
    queryKey: adminKeys.users(search),
    queryFn: () => getAdminUsers(search),
    enabled,
  });

export const useAdminUsers = (search: string, enabled: boolean) =>
  useQuery(adminUsersQueryOptions(search, enabled));
