import type { Quote, UpdateQuoteInput } from '@shared/schemas/pos';
import { apiRequest, type ApiRequest } from '../../../lib/api-client';

/** PUT /api/quotes/:id: a draft quote's new content (409 once it is signed). */
export const updateQuote = (id: number, body: UpdateQuoteInput, request: ApiRequest = apiRequest) =>
  request<Quote>('PUT', `/api/quotes/${id}`, body);
