import { useState } from 'react';
import { LIMITS } from '@shared/constants/domain';
import { useReviews } from './api';

export const REVIEWS_PAGE = 10;

/**
 * A profile's reviews: the first few, then all of them page by page. Called by the screen
 * itself so the reviews load alongside the technician, not after it.
 */
export function useTechnicianReviews(id: number) {
  const [showAll, setShowAll] = useState(false);
  const [page, setPage] = useState(1);
  const pageSize = showAll ? REVIEWS_PAGE : LIMITS.profileReviewsShown;
  const reviews = useReviews(id, showAll ? page : 1, pageSize);
  const total = reviews.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / REVIEWS_PAGE));
  return { reviews, total, pages, page, setPage, showAll, setShowAll };
}

export type TechnicianReviewsState = ReturnType<typeof useTechnicianReviews>;
