import type { PublicReview } from '@shared/schemas/reviews';
import { shortName } from '../../domain/names';
import type { listReviews } from './technicians.queries';

type ReviewListRow = Awaited<ReturnType<typeof listReviews>>['rows'][number];

/** A review as a public profile shows it: reviewer 'Maria G.', the job's service and date, the reply. */
export function toPublicReview(r: ReviewListRow, paidJobs: Set<number>): PublicReview {
  return {
    id: r.id,
    rating: r.rating,
    comment: r.comment,
    createdAt: r.createdAt.toISOString(),
    reviewerName: shortName(r),
    serviceType: r.serviceType,
    jobDate: r.serviceType === null ? null : (r.completedAt?.toISOString() ?? null),
    reply: r.reply,
    repliedAt: r.repliedAt?.toISOString() ?? null,
    verified: r.serviceRequestId !== null && paidJobs.has(r.serviceRequestId),
  };
}
