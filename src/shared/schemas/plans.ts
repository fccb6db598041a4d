import { z } from 'zod';

/** A subscription plan as the client sees it: price in dollars for display, cents for money. */
export const planSchema = z.object({
  id: z.number(),
  name: z.string(),
  price: z.number(),
  priceCents: z.number().int(),
  description: z.string(),
  features: z.array(z.string()),
  popular: z.boolean(),
  rank: z.number().int(),
});
export type Plan = z.infer<typeof planSchema>;
