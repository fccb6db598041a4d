import { useState } from 'react';
import { LIMITS } from '@shared/constants/domain';
import { useAllReviews, useRefreshReviews, useReviews } from './api/get-reviews';

export const REVIEWS_PAGE = 5;

/**
 * A profile's reviews: the first few, then, after 'View All Reviews', all of them loaded
 * REVIEWS_PAGE at a time. Called by the screen itself so the reviews load alongside the
 * technician, not after it.
 */
export function useTechnicianReviews(id: number) {
  const [showAll, setShowAll] = useState(false);
  const first = useReviews(id, 0, LIMITS.profileReviewsShown);
  const all = useAllReviews(id, REVIEWS_PAGE, showAll);
  const refresh = useRefreshReviews(id);
  const allItems = all.data?.pages.flatMap((p) => p.items);
  return {
    isLoading: first.isLoading,
    isError: first.isError,
    total: all.data?.pages.at(-1)?.total ?? first.data?.total ?? 0,
    items: (showAll && allItems) || first.data?.items || [],
    showAll,
    setShowAll,
    hasMore: showAll && all.hasNextPage,
    loadMore: () => void all.fetchNextPage(),
    loadingMore: all.isFetchingNextPage || (showAll && all.isLoading),
    refresh,
  };
}

export type TechnicianReviewsState = ReturnType<typeof useTechnicianReviews>;
