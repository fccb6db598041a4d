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
