import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { reviewReplySchema } from '@shared/schemas/service-request-views';
import type { RepliedReview } from '@shared/schemas/reviews';
import { apiRequest } from '../../../lib/api-client';

export type ReplyInput = z.input<typeof reviewReplySchema>;

/** PUT /api/reviews/:id/reply: the reviewed technician's one public reply (write or edit). */
export const saveReply = ({ reviewId, body }: { reviewId: number; body: ReplyInput }) =>
  apiRequest<RepliedReview>('PUT', `/api/reviews/${reviewId}/reply`, body);

export const useSaveReply = () => useMutation({ mutationFn: saveReply });
