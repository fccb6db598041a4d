import type { z } from 'zod';
import type { cardPaymentResponseSchema, cardPaymentSchema } from '@shared/schemas/pos';
import { apiRequest } from '../../../lib/api-client';
import { usePosMutation } from './use-pos-mutation';

export type CardPaymentResult = z.output<typeof cardPaymentResponseSchema>;

/** POST /api/pos/card-payments: a card charged now (needs a connection; never queued). */
export const useCardPayment = () =>
  usePosMutation((v: z.input<typeof cardPaymentSchema>) =>
    apiRequest<CardPaymentResult>('POST', '/api/pos/card-payments', v),
  );
