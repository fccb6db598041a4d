import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ContactTechnicianInput } from '@shared/schemas/contact';
import type { MapConfig } from '@shared/schemas/geo';
import type { PublicReview } from '@shared/schemas/reviews';
import type {
  MarketplaceStats,
  Technician,
  TechnicianSearchInput,
} from '@shared/schemas/technicians';
import { apiRequest, getJson, getPage } from '../../lib/api-client';

export type SearchFilters = TechnicianSearchInput;

export const technicianKeys = {
  all: ['technicians'] as const,
  search: (f: SearchFilters) => ['technicians', 'search', f] as const,
  one: (id: number) => ['technicians', id] as const,
  reviewsOf: (id: number) => ['technicians', id, 'reviews'] as const,
  reviews: (id: number, offset: number, limit: number) =>
    ['technicians', id, 'reviews', offset, limit] as const,
  allReviews: (id: number, limit: number) => ['technicians', id, 'reviews', 'all', limit] as const,
  stats: ['stats'] as const,
  mapConfig: ['config', 'map'] as const,
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

/** GET /api/technicians/:id/reviews: `limit` reviews from `offset`, newest first, and the total. */
const reviewsUrl = (id: number, offset: number, limit: number) =>
  `/api/technicians/${id}/reviews?offset=${offset}&limit=${limit}`;

export const useReviews = (id: number, offset: number, limit: number) =>
  useQuery({
    queryKey: technicianKeys.reviews(id, offset, limit),
    queryFn: () => getPage<PublicReview[]>(reviewsUrl(id, offset, limit)),
    enabled: Number.isInteger(id) && id > 0,
    placeholderData: keepPreviousData,
  });

/** Every review, `limit` at a time ('View All Reviews', then 'Load more'). */
export const useAllReviews = (id: number, limit: number, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: technicianKeys.allReviews(id, limit),
    queryFn: ({ pageParam }) => getPage<PublicReview[]>(reviewsUrl(id, pageParam, limit)),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return last.items.length > 0 && loaded < last.total ? loaded : undefined;
    },
    enabled: enabled && Number.isInteger(id) && id > 0,
  });

/** Reloads a profile's reviews (after the technician replies). */
export function useRefreshReviews(id: number) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: technicianKeys.reviewsOf(id) });
}

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

/** The map view's tile source (MAP_TILE_URL on the server). */
export const useMapConfig = () =>
  useQuery({
    queryKey: technicianKeys.mapConfig,
    queryFn: () => getJson<MapConfig>('/api/config/map'),
  });
