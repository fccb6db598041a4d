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

/**
 * GET /api/payments/config: which card form and wallet are configured. With `technicianId`, the
 * wallet that pays that technician: null unless they connected one (ADR 030), with PayPal's
 * button script for their account (`merchant-id`) and the partner's attribution.
 */
export const paymentsConfigSchema = z.object({
  card: cardFormConfigSchema.nullable(),
  wallet: z
    .object({
      provider: z.enum(['sandbox', 'paypal']),
      scriptUrl: z.string().optional(),
      partnerAttributionId: z.string().optional(),
    })
    .nullable(),
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

/** The providers a technician connects their own account at (ADR 030). */
export const CONNECT_PROVIDERS = ['square', 'paypal', 'sandbox'] as const;
export type ConnectProvider = (typeof CONNECT_PROVIDERS)[number];
export const connectProviderParamSchema = z.object({ provider: z.enum(CONNECT_PROVIDERS) });
/** Where the technician started connecting, and goes back to. */
export const connectQuerySchema = z.object({
  returnTo: z.enum(['profile', 'pos']).default('profile'),
});

/** What a technician without a connected account is told when a card payment is tried. */
export const CARD_ACCOUNT_REQUIRED =
  'Connect your payment account to take card payments: open your profile and choose Connect under Payment Account.';

/** GET /api/payments/connections: the signed-in technician's accounts. */
export const paymentConnectionSchema = z.object({
  provider: z.enum(CONNECT_PROVIDERS),
  status: z.enum(['connected', 'disconnected']),
  merchantId: z.string(),
  locationId: z.string().nullable(),
  connectedAt: z.string(),
  disconnectedAt: z.string().nullable(),
  disconnectReason: z.string().nullable(),
  /** Whether this account takes the customers' card payments now (the configured card side). */
  takesCards: z.boolean(),
});
export type PaymentConnection = z.output<typeof paymentConnectionSchema>;
export const paymentConnectionsSchema = z.object({
  connections: z.array(paymentConnectionSchema),
  /** Which provider the Connect button starts: the card side's (null: no card payments). */
  cardProvider: z.enum(CONNECT_PROVIDERS).nullable(),
});
export type PaymentConnections = z.output<typeof paymentConnectionsSchema>;
