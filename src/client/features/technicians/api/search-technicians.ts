import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Technician, TechnicianSearchInput } from '@shared/schemas/technicians';
import { getPage } from '../../../lib/api-client';
import { technicianKeys } from './keys';

export type SearchFilters = TechnicianSearchInput;

/** GET /api/technicians?…: one page of the technicians matching the filters, and the total. */
export function searchTechnicians(f: SearchFilters) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(f))
    if (v !== undefined && v !== '' && v !== null) q.set(k, String(v));
  return getPage<Technician[]>(`/api/technicians?${q}`);
}

export const searchQuery = (f: SearchFilters) =>
  queryOptions({
    queryKey: technicianKeys.search(f),
    queryFn: () => searchTechnicians(f),
    placeholderData: keepPreviousData,
  });

export const useTechnicianSearch = (f: SearchFilters) => useQuery(searchQuery(f));
