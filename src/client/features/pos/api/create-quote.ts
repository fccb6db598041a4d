import type { CreateQuoteInput, Quote } from '@shared/schemas/pos';
import { apiRequest, type ApiRequest } from '../../../lib/api-client';

/**
 * POST /api/quotes: 201 with the new quote, or 200 with the quote made the first time when its
 * clientId was used before. Sent by the sync queue (offline/sync-engine.ts), never directly.
 */
export const createQuote = (body: CreateQuoteInput, request: ApiRequest = apiRequest) =>
  request<Quote>('POST', '/api/quotes', body);
