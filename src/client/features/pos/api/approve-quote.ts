import type { z } from 'zod';
import type { approveQuoteSchema, Quote } from '@shared/schemas/pos';
import { apiRequest, type ApiRequest } from '../../../lib/api-client';
import { usePosMutation } from './use-pos-mutation';

/** PATCH /api/quotes/:id/approve: the customer's signature; the same one again is a no-op. */
export const approveQuote = (
  id: number,
  body: z.input<typeof approveQuoteSchema>,
  request: ApiRequest = apiRequest,
) => request<Quote>('PATCH', `/api/quotes/${id}/approve`, body);

/**
 * The signature with the deposit's card (ADR 017): sent now, never queued (a card needs a
 * connection); the lists refresh whatever the answer.
 */
export const useApproveWithDeposit = () =>
  usePosMutation((v: { id: number; body: z.input<typeof approveQuoteSchema> }) =>
    approveQuote(v.id, v.body),
  );
