import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { PublicReview } from '@shared/schemas/reviews';
import { getPage } from '../../../lib/api-client';
import { technicianKeys } from './keys';

/** GET /api/technicians/:id/reviews: `limit` reviews from `offset`, newest first, and the total. */
export const getReviews = (id: number, offset: number, limit: number) =>
  getPage<PublicReview[]>(`/api/technicians/${id}/reviews?offset=${offset}&limit=${limit}`);

export const reviewsQueryOptions = (id: number, offset: number, limit: number) =>
  queryOptions({
    queryKey: technicianKeys.reviews(id, offset, limit),
    queryFn: () => getReviews(id, offset, limit),
    enabled: Number.isInteger(id) && id > 0,
    placeholderData: keepPreviousData,
  });

export const useReviews = (id: number, offset: number, limit: number) =>
  useQuery(reviewsQueryOptions(id, offset, limit));

/** Every review, `limit` at a time ('View All Reviews', then 'Load more'). */
export const useAllReviews = (id: number, limit: number, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: technicianKeys.allReviews(id, limit),
    queryFn: ({ pageParam }) => getReviews(id, pageParam, limit),
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
