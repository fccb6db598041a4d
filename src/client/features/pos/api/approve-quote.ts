import type { z } from 'zod';
import type { approveQuoteSchema, Quote } from '@shared/schemas/pos';
import { apiRequest, type ApiRequest } from '../../../lib/api-client';

/** PATCH /api/quotes/:id/approve: the customer's signature; the same one again is a no-op. */
export const approveQuote = (
  id: number,
  body: z.input<typeof approveQuoteSchema>,
  request: ApiRequest = apiRequest,
) => request<Quote>('PATCH', `/api/quotes/${id}/approve`, body);
