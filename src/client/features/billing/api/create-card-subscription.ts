import type { z } from 'zod';
import type { createSubscriptionSchema } from '@shared/schemas/billing';
import { apiRequest } from '../../../lib/api-client';

export type CreateCardSubscriptionInput = z.input<typeof createSubscriptionSchema>;

/** POST /api/square/create-subscription: subscribes with a card token (402 when declined). */
export const createCardSubscription = (input: CreateCardSubscriptionInput) =>
  apiRequest<{ ok: true; message: string; paymentId: number }>(
    'POST',
    '/api/square/create-subscription',
    input,
  );

/** POST /api/payments/sandbox/tokenize: the sandbox card form's token for these card details. */
export const tokenizeSandboxCard = async (card: { number: string; expiry: string; cvv: string }) =>
  (await apiRequest<{ token: string }>('POST', '/api/payments/sandbox/tokenize', card)).token;
