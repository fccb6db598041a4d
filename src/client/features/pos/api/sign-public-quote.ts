import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { approveQuoteSchema, PublicQuote } from '@shared/schemas/pos';
import { apiRequest } from '../../../lib/api-client';
import { quoteApprovalUrl } from './get-public-quote';

/** POST /api/quote-approvals/{token}: the customer signs the quote. */
export const useSignPublicQuote = (
  token: string,
  options: { onSuccess: () => void; onError: (err: Error) => void },
) =>
  useMutation({
    mutationFn: (signature: z.input<typeof approveQuoteSchema>['signature']) =>
      apiRequest<PublicQuote>('POST', quoteApprovalUrl(token), { signature }),
    ...options,
  });
