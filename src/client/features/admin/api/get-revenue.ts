import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Revenue } from '@shared/schemas/statements';
import { getJson } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/revenue: plan revenue by month, technicians' card volume apart. */
export const getRevenue = (from: string, to: string) =>
  getJson<Revenue>(`/api/admin/revenue?${new URLSearchParams({ from, to }).toString()}`);

export const revenueQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: adminKeys.revenue(from, to),
    queryFn: () => getRevenue(from, to),
    retry: false,
    placeholderData: keepPreviousData,
  });

export const useRevenue = (from: string, to: string) => useQuery(revenueQueryOptions(from, to));
