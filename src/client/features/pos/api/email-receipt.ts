import type { z } from 'zod';
import type { emailReceiptSchema } from '@shared/schemas/pos';
import { apiRequest } from '../../../lib/api-client';
import { usePosMutation } from './use-pos-mutation';

/** POST /api/pos/email-receipt */
export const useEmailReceipt = () =>
  usePosMutation((v: z.input<typeof emailReceiptSchema>) =>
    apiRequest('POST', '/api/pos/email-receipt', v),
  );
