import { useMutation } from '@tanstack/react-query';
import type { ReviewReport } from '@shared/schemas/reviews';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/reviews/:id/reports: a signed-in customer's or technician's report of a review. */
export const reportReview = ({ reviewId, reason }: { reviewId: number; reason: string }) =>
  apiRequest<ReviewReport>('POST', `/api/reviews/${reviewId}/reports`, { reason });

export const useReportReview = () => useMutation({ mutationFn: reportReview });
