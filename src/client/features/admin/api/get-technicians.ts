import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminTechnicianSchema } from '@shared/schemas/admin';
import { getPage } from '../../../lib/api-client';
import { adminKeys } from './keys';

export type AdminTechnician = z.infer<typeof adminTechnicianSchema>;

/** GET /api/admin/technicians: the first 100 technicians matching the search. */
export const getAdminTechnicians = (search: string) =>
  getPage<AdminTechnician[]>(
    `/api/admin/technicians?pageSize=100${search ? `&search=${encodeURIComponent(search)}` : ''}`,
  );

export const adminTechniciansQueryOptions = (search: string, enabled: boolean) =>
  queryOptions({
    queryKey: adminKeys.technicians(search),
    queryFn: () => getAdminTechnicians(search),
    enabled,
  });

export const useAdminTechnicians = (search: string, enabled: boolean) =>
  useQuery(adminTechniciansQueryOptions(search, enabled));
