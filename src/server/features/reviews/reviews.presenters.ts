import type { RepliedReview } from '@shared/schemas/reviews';
import { toJobReview } from '../../domain/reviews';
import type { ReviewRow } from './reviews.queries';

/** The review with its reply, as the technician who replied sees it. */
export function toRepliedReview(r: ReviewRow): RepliedReview {
  return {
    ...toJobReview(r),
    technicianId: r.technicianId,
    repliedAt: r.repliedAt?.toISOString() ?? null,
  };
}
