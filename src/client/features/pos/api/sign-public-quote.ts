import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { approveQuoteSchema, PublicQuote } from '@shared/schemas/pos';
import { apiRequest } from '../../../lib/api-client';
import { quoteApprovalUrl } from './get-public-quote';

/**
 * POST /api/quote-approvals/{token}: the customer signs the quote, with the deposit's card when
 * it asks for one (402 when the card is declined).
 */
export const useSignPublicQuote = (
  token: string,
  options: { onSuccess: () => void; onError: (err: Error) => void },
) =>
  useMutation({
    mutationFn: (body: z.input<typeof approveQuoteSchema>) =>
      apiRequest<PublicQuote>('POST', quoteApprovalUrl(token), body),
    ...options,
  });
