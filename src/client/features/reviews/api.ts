import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { JobReview, reviewInputSchema, reviewReplySchema } from '@shared/schemas/jobs';
import type { RepliedReview, ReviewReport } from '@shared/schemas/reviews';
import { apiRequest } from '../../lib/api-client';

export type ReviewInput = z.input<typeof reviewInputSchema>;
export type ReplyInput = z.input<typeof reviewReplySchema>;

/**
 * PUT /api/service-requests/:reference/review: the customer's review of a completed job (the
 * first call writes it, later ones edit it). `token` is the request's signed link, for guests.
 */
export const saveReview = ({
  reference,
  token,
  body,
}: {
  reference: string;
  token?: string | null;
  body: ReviewInput;
}) =>
  apiRequest<JobReview>(
    'PUT',
    `/api/service-requests/${encodeURIComponent(reference)}/review${
      token ? `?t=${encodeURIComponent(token)}` : ''
    }`,
    body,
  );

export const useSaveReview = () => useMutation({ mutationFn: saveReview });

/** PUT /api/reviews/:id/reply: the reviewed technician's one public reply (write or edit). */
export const saveReply = ({ reviewId, body }: { reviewId: number; body: ReplyInput }) =>
  apiRequest<RepliedReview>('PUT', `/api/reviews/${reviewId}/reply`, body);

export const useSaveReply = () => useMutation({ mutationFn: saveReply });

/** POST /api/reviews/:id/reports: a signed-in customer's or technician's report of a review. */
export const reportReview = ({ reviewId, reason }: { reviewId: number; reason: string }) =>
  apiRequest<ReviewReport>('POST', `/api/reviews/${reviewId}/reports`, { reason });

export const useReportReview = () => useMutation({ mutationFn: reportReview });
