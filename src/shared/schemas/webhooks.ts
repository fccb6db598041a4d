import { z } from 'zod';

/** The answer to a payment provider's webhook delivery: stored (or stored before, a replay). */
export const webhookReceiptSchema = z.object({
  received: z.literal(true),
  /** The provider delivered this event before: it was not stored or applied again. */
  duplicate: z.boolean(),
});
export type WebhookReceipt = z.infer<typeof webhookReceiptSchema>;
