import { REVIEW_EDIT_DAYS } from '../../../shared/jobs';
import type { JobReview } from '../../../shared/schemas/jobs';
import type { RepliedReview } from '../../../shared/schemas/reviews';
import type { ReviewRow } from './reviews.queries';

const DAY_MS = 86_400_000;

/** Until when the customer may edit a review written at `createdAt`. */
export const editableUntil = (createdAt: Date) =>
  new Date(createdAt.getTime() + REVIEW_EDIT_DAYS * DAY_MS);

export function toJobReview(r: ReviewRow): JobReview {
  return {
    id: r.id,
    rating: r.rating,
    comment: r.comment,
    reply: r.reply,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    editableUntil: editableUntil(r.createdAt).toISOString(),
  };
}

export function toRepliedReview(r: ReviewRow): RepliedReview {
  return {
    ...toJobReview(r),
    technicianId: r.technicianId,
    repliedAt: r.repliedAt?.toISOString() ?? null,
  };
}
