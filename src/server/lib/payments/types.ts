/**
 * Payment providers: one interface for card payments (Square, or the built-in sandbox) and one
 * for wallet payments (PayPal, or the sandbox). Amounts are integer cents; every charge carries
 * an idempotency key, which the provider uses so the same key never charges twice.
 */

export type ChargeResult =
  | { status: 'succeeded'; providerPaymentId: string; cardBrand?: string; last4?: string }
  | {
      status: 'failed';
      providerPaymentId?: string;
      message: string;
      /** The refused card, when the provider says which it was (for the receipt). */
      cardBrand?: string;
      last4?: string;
    };

/** What the browser needs to show the provider's card form. */
export type CardFormConfig =
  | { provider: 'sandbox' }
  | {
      provider: 'square';
      applicationId: string;
      locationId: string;
      environment: 'sandbox' | 'production';
      scriptUrl: string;
    };

export type CardProvider = {
  readonly name: 'sandbox' | 'square';
  cardFormConfig(): CardFormConfig;
  /** One-off charge of a card token (sourceId) from the card form. */
  charge(input: {
    sourceId: string;
    amountCents: number;
    currency: 'USD';
    idempotencyKey: string;
    note?: string;
    buyerEmail?: string;
  }): Promise<ChargeResult>;
  /**
   * Keeps the card on file for renewals: returns references to charge it later without the
   * customer present.
   */
  saveCard(input: {
    sourceId: string;
    idempotencyKey: string;
    email: string;
    cardholderName: string;
    referenceId: string;
  }): Promise<{ customerRef: string; cardRef: string; last4?: string; cardBrand?: string }>;
  chargeSavedCard(input: {
    customerRef: string;
    cardRef: string;
    amountCents: number;
    currency: 'USD';
    idempotencyKey: string;
    note?: string;
  }): Promise<ChargeResult>;
};

export type WalletOrder = { id: string; status: string };
export type WalletCapture = {
  status: string;
  captureId?: string;
  amountCents?: number;
  message?: string;
};

export type WalletProvider = {
  readonly name: 'sandbox' | 'paypal';
  /** Client token / id for the wallet button script. */
  setup(): Promise<{ clientToken: string; clientId?: string; scriptUrl?: string }>;
  createOrder(input: {
    amountCents: number;
    currency: 'USD';
    intent: 'CAPTURE';
    description?: string;
    idempotencyKey: string;
  }): Promise<WalletOrder>;
  captureOrder(orderId: string, idempotencyKey: string): Promise<WalletCapture>;
};

export type PaymentProviders = {
  /** Undefined when no card provider is configured: 'Payment processing is not configured.' */
  card?: CardProvider;
  wallet?: WalletProvider;
};

/** A provider that could not be reached or answered with an error (not a decline). */
export class ProviderError extends Error {
  constructor(
    message: string,
    public readonly code?: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
