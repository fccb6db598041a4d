import type { z } from 'zod';
import type { emailQuoteSchema } from '@shared/schemas/pos';
import { apiRequest } from '../../../lib/api-client';
import { usePosMutation } from './use-pos-mutation';

/** POST /api/pos/email-quote: the quote with a link where the customer signs it. */
export const useEmailQuote = () =>
  usePosMutation((v: z.input<typeof emailQuoteSchema>) =>
    apiRequest('POST', '/api/pos/email-quote', v),
  );
