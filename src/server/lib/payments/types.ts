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

/**
 * What the provider knows of an earlier charge (reconciliation, ADR 007): its outcome,
 * 'pending' while the provider is still deciding, or 'not_found' when it never took the charge.
 */
export type PaymentLookup = ChargeResult | { status: 'pending' } | { status: 'not_found' };

/** Every call to a provider gives up after this long (no retries), so a purchase of at most
 * three calls is decided within RECONCILE_AFTER_MS. */
export const PROVIDER_CALL_TIMEOUT_MS = 8_000;
/** A payment still `processing` this long after it was claimed is asked about (ADR 007). */
export const RECONCILE_AFTER_MS = 30_000;

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
  /**
   * The outcome of an earlier charge or saved-card charge, by its idempotency key (and the
   * provider's payment id when known); `since` is when it was attempted.
   */
  lookup(input: {
    idempotencyKey: string;
    providerPaymentId?: string | null;
    since: Date;
  }): Promise<PaymentLookup>;
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
    /** Who the order is for (e.g. technician-12): only they may approve it. */
    reference?: string;
  }): Promise<WalletOrder>;
  captureOrder(orderId: string, idempotencyKey: string): Promise<WalletCapture>;
  /** The order's state as the provider has it: COMPLETED (with the capture), NOT_FOUND, ... */
  lookup(orderId: string): Promise<WalletCapture>;
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
