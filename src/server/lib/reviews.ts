import { REVIEW_EDIT_DAYS } from '../../shared/jobs';
import type { JobActor } from '../../shared/jobs';
import type { ServiceRequestStatus } from '../../shared/constants/domain';
import type { JobReview } from '../../shared/schemas/jobs';
import type { reviews } from '../db/schema';

/**
 * The review rules two features need: the reviews feature writes reviews, the jobs feature
 * shows a job's review and whether its viewer may write or edit it (jobDetailSchema.canReview).
 */
type ReviewRow = typeof reviews.$inferSelect;

const DAY_MS = 86_400_000;

/** Until when the customer may edit a review written at `createdAt`. */
export const reviewEditableUntil = (createdAt: Date) =>
  new Date(createdAt.getTime() + REVIEW_EDIT_DAYS * DAY_MS);

/** A job's review as its page shows it (jobReviewSchema). */
export function toJobReview(r: ReviewRow): JobReview {
  return {
    id: r.id,
    rating: r.rating,
    comment: r.comment,
    reply: r.reply,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    editableUntil: reviewEditableUntil(r.createdAt).toISOString(),
  };
}

/**
 * Whether this viewer may write the job's review now, or edit it: the job's customer, once the
 * job is completed by a technician, and within REVIEW_EDIT_DAYS of the first review.
 */
export function canReview(
  request: { status: ServiceRequestStatus; assignedTechnicianId: number | null },
  viewer: JobActor,
  review: Pick<ReviewRow, 'createdAt'> | null | undefined,
  now: Date,
): boolean {
  if (viewer !== 'customer') return false;
  if (request.status !== 'completed' || request.assignedTechnicianId === null) return false;
  return !review || now.getTime() < reviewEditableUntil(review.createdAt).getTime();
}
