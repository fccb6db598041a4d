import type { z } from 'zod';
import type { PosPayment, refundPaymentSchema } from '@shared/schemas/pos';
import { apiRequest } from '../../../lib/api-client';
import { usePosMutation } from './use-pos-mutation';

/**
 * POST /api/pos/payments/{id}/refund: gives a card payment back in full through the provider,
 * once per idempotency key (needs a connection; never queued).
 */
export const useRefundPayment = () =>
  usePosMutation((v: { id: number } & z.input<typeof refundPaymentSchema>) =>
    apiRequest<PosPayment>('POST', `/api/pos/payments/${v.id}/refund`, {
      idempotencyKey: v.idempotencyKey,
    }),
  );
