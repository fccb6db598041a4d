import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { JobReview, reviewInputSchema } from '@shared/schemas/jobs';
import { apiRequest } from '../../../lib/api-client';
import { requestApiUrl, requestKeys, type RequestRef } from './keys';

export type ReviewInput = z.input<typeof reviewInputSchema>;

/** PUT /api/service-requests/:reference/review: writes or edits the job's one review. */
export const saveReview = (ref: RequestRef, body: ReviewInput) =>
  apiRequest<JobReview>('PUT', requestApiUrl(ref.reference, ref.token, '/review'), body);

export function useSaveReview(ref: RequestRef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewInput) => saveReview(ref, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: requestKeys.detail(ref.reference) }),
  });
}
