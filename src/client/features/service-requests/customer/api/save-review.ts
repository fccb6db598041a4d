import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ServiceRequestReview,
  reviewInputSchema,
} from '@shared/schemas/service-request-views';
import { apiRequest } from '../../../../lib/api-client';
import { serviceRequestUrl, type ServiceRequestRef } from '../../api/keys';

export type ReviewInput = z.input<typeof reviewInputSchema>;

/**
 * PUT /api/service-requests/:reference/review: the customer's review of a completed job (the
 * first call writes it, later ones edit it). `token` is the request's signed link, for guests.
 */
export const saveReview = ({ body, ...ref }: ServiceRequestRef & { body: ReviewInput }) =>
  apiRequest<ServiceRequestReview>('PUT', serviceRequestUrl(ref, '/review'), body);

export const useSaveReview = () => useMutation({ mutationFn: saveReview });
