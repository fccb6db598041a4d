import { z } from 'zod';

/** Which card form the browser shows: the built-in sandbox's or the card provider's. */
export const cardFormConfigSchema = z.union([
  z.object({ provider: z.literal('sandbox') }),
  z.object({
    provider: z.literal('square'),
    applicationId: z.string(),
    locationId: z.string(),
    environment: z.enum(['sandbox', 'production']),
    scriptUrl: z.string(),
  }),
]);

/** GET /api/payments/config: which card form and wallet are configured. */
export const paymentsConfigSchema = z.object({
  card: cardFormConfigSchema.nullable(),
  wallet: z.object({ provider: z.enum(['sandbox', 'paypal']) }).nullable(),
});
export type PaymentsConfig = z.output<typeof paymentsConfigSchema>;

/** POST /api/payments/sandbox/tokenize: the sandbox card form's card details. */
export const sandboxTokenizeSchema = z.object({
  number: z.string().max(23),
  expiry: z.string().max(5),
  cvv: z.string().max(4),
});
export type SandboxCardInput = z.input<typeof sandboxTokenizeSchema>;

export const sandboxTokenResponseSchema = z.object({ token: z.string() });
export type SandboxTokenResponse = z.output<typeof sandboxTokenResponseSchema>;
