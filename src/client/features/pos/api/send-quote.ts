import type { z } from 'zod';
import type { sendQuoteResponseSchema } from '@shared/schemas/pos';
import { apiRequest } from '../../../lib/api-client';
import { usePosMutation } from './use-pos-mutation';

export type SendQuoteResult = z.output<typeof sendQuoteResponseSchema>;

/**
 * POST /api/pos/quotes/:id/send: 'Send to customer' (a draft becomes sent, its approval link
 * e-mailed) or, for a sent quote, the same link again.
 */
export const useSendQuote = () =>
  usePosMutation((v: { id: number; customerEmail?: string; customerName?: string | null }) =>
    apiRequest<SendQuoteResult>('POST', `/api/pos/quotes/${v.id}/send`, {
      customerEmail: v.customerEmail || undefined,
      customerName: v.customerName,
    }),
  );
