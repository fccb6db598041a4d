import { z } from 'zod';
import { jobReviewSchema } from './jobs';
import { reviewSchema } from './technicians';

/**
 * Reviews (issue 13, item 6). A customer writes one review per completed job through
 * PUT /api/service-requests/:reference/review (reviewInputSchema → jobReviewSchema, in
 * ./jobs); the reviewed technician posts one public reply through PUT /api/reviews/:id/reply.
 */

/** One review on a public profile: the spec's Review, plus who wrote it, for which job, and the reply. */
export const publicReviewSchema = reviewSchema.extend({
  /** 'Maria G.' (first name and last initial), or 'Customer' when unknown. */
  reviewerName: z.string(),
  /** The job's service type, when the review is about a job (the seed's history has none). */
  serviceType: z.string().nullable(),
  /** When the job was completed (ISO date and time), when the review is about a job. */
  jobDate: z.string().nullable(),
  /** The technician's public reply. */
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

/**
 * GET /api/technicians/:id/reviews: newest first, the total in X-Total-Count. Either
 * offset/limit or page/pageSize; offset/limit win when given.
 */
export const reviewsPageQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page must be 1 or more').max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'pageSize must be at most 100').default(20),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset must be 0 or more')
    .max(10_000_000, 'offset is too large')
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be between 1 and 50')
    .max(50, 'limit must be between 1 and 50')
    .optional(),
});
export type ReviewsPageQuery = z.infer<typeof reviewsPageQuerySchema>;

/** PUT /api/reviews/:id/reply answers with the review, its reply and when it was posted. */
export const repliedReviewSchema = jobReviewSchema.extend({
  technicianId: z.number().int(),
  repliedAt: z.string().nullable(),
});
export type RepliedReview = z.infer<typeof repliedReviewSchema>;
