import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOverview } from '@shared/schemas/admin';
import { getJson } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/overview: the dashboard's counts. */
export const getOverview = () => getJson<AdminOverview>('/api/admin/overview');

export const overviewQueryOptions = (enabled: boolean) =>
  queryOptions({ queryKey: adminKeys.overview, queryFn: getOverview, enabled });

export const useOverview = (enabled: boolean) => useQuery(overviewQueryOptions(enabled));
