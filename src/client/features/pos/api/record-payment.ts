import type { z } from 'zod';
import type { PosPayment, recordPaymentSchema } from '@shared/schemas/pos';
import { apiRequest, type ApiRequest } from '../../../lib/api-client';

/** POST /api/pos/payments: cash, check or wallet; 200 for a replayed clientId. */
export const recordPayment = (
  body: z.input<typeof recordPaymentSchema>,
  request: ApiRequest = apiRequest,
) => request<PosPayment>('POST', '/api/pos/payments', body);
