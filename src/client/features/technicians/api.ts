import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ContactTechnicianInput } from '@shared/schemas/contact';
import type {
  MarketplaceStats,
  Review,
  Technician,
  TechnicianSearchInput,
} from '@shared/schemas/technicians';
import { apiRequest, getJson, getPage } from '../../lib/api-client';

export type SearchFilters = TechnicianSearchInput;

export const technicianKeys = {
  all: ['technicians'] as const,
  search: (f: SearchFilters) => ['technicians', 'search', f] as const,
  one: (id: number) => ['technicians', id] as const,
  reviews: (id: number, page: number, pageSize: number) =>
    ['technicians', id, 'reviews', page, pageSize] as const,
  stats: ['stats'] as const,
};

export function searchUrl(f: SearchFilters) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(f))
    if (v !== undefined && v !== '' && v !== null) q.set(k, String(v));
  return `/api/technicians?${q}`;
}

export const searchQuery = (f: SearchFilters) =>
  queryOptions({
    queryKey: technicianKeys.search(f),
    queryFn: () => getPage<Technician[]>(searchUrl(f)),
    placeholderData: keepPreviousData,
  });
export const useTechnicianSearch = (f: SearchFilters) => useQuery(searchQuery(f));

export const useTechnician = (id: number) =>
  useQuery({
    queryKey: technicianKeys.one(id),
    queryFn: () => getJson<Technician>(`/api/technicians/${id}`),
    enabled: Number.isInteger(id) && id > 0,
  });

export const useReviews = (id: number, page: number, pageSize: number) =>
  useQuery({
    queryKey: technicianKeys.reviews(id, page, pageSize),
    queryFn: () =>
      getPage<Review[]>(`/api/technicians/${id}/reviews?page=${page}&pageSize=${pageSize}`),
    enabled: Number.isInteger(id) && id > 0,
    placeholderData: keepPreviousData,
  });

export const useStats = () =>
  useQuery({
    queryKey: technicianKeys.stats,
    queryFn: () => getJson<MarketplaceStats>('/api/stats'),
  });

export const useContactTechnician = () =>
  useMutation({
    mutationFn: (input: ContactTechnicianInput) =>
      apiRequest('POST', '/api/contact-technician', input),
  });
