import { z } from 'zod';
import { serviceRequestReviewSchema } from './service-request-views';
import { reviewSchema } from './technicians';

/**
 * Reviews. A customer writes one review per completed job through
 * PUT /api/service-requests/:reference/review (reviewInputSchema → serviceRequestReviewSchema, in
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
  /** 'Verified job': the job was paid through the platform (a card payment that succeeded). */
  verified: z.boolean(),
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
export const repliedReviewSchema = serviceRequestReviewSchema.extend({
  technicianId: z.number().int(),
  repliedAt: z.string().nullable(),
});
export type RepliedReview = z.infer<typeof repliedReviewSchema>;

/** POST /api/reviews/:id/reports: a signed-in customer's or technician's report (ADR 025). */
export const reviewReportInputSchema = z.object({
  reason: z
    .string({ error: 'Please say why you are reporting this review' })
    .trim()
    .min(1, 'Please say why you are reporting this review')
    .max(1000, 'The reason must be at most 1000 characters'),
});
export const reviewReportSchema = z.object({
  id: z.number().int(),
  reviewId: z.number().int(),
  reason: z.string(),
  createdAt: z.string(),
});
export type ReviewReport = z.infer<typeof reviewReportSchema>;

/** POST /api/admin/reviews/:id/hide: why the admin hides it (kept in the audit log too). */
export const hideReviewInputSchema = z.object({
  reason: z
    .string({ error: 'Please give a reason for hiding this review' })
    .trim()
    .min(1, 'Please give a reason for hiding this review')
    .max(1000, 'The reason must be at most 1000 characters'),
});

/** What a reviewer shared with the technician when writing the review (the admin's signals). */
export const reviewFlagSchema = z.enum([
  'same_account',
  'same_email',
  'same_phone',
  'email_domain',
  'address',
  /** The reviewer's address is, however spelled, another technician's. */
  'technician_email',
]);
export type ReviewFlagName = z.infer<typeof reviewFlagSchema>;

/** One review in the admin's moderation queue (GET /api/admin/reviews/moderation). */
export const moderationItemSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  createdAt: z.string(),
  reviewerName: z.string(),
  technicianId: z.number().int(),
  technicianName: z.string(),
  /** The job's reference (WR-000123), when the review is about a job. */
  reference: z.string().nullable(),
  verified: z.boolean(),
  flags: z.array(reviewFlagSchema),
  reports: z.array(
    z.object({
      reason: z.string(),
      reporterName: z.string(),
      reporterRole: z.string(),
      createdAt: z.string(),
    }),
  ),
  hidden: z.object({ at: z.string(), reason: z.string() }).nullable(),
  /** When an admin last hid, restored or kept it. */
  moderatedAt: z.string().nullable(),
  /** Reports since the last decision, or signals never looked at, on a review still shown. */
  needsAttention: z.boolean(),
});
export type ModerationItem = z.infer<typeof moderationItemSchema>;
