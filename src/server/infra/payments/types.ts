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

/**
 * What became of a refund. The provider accepting it (COMPLETED, or PENDING while the money
 * travels back) is `succeeded`; a refusal (amount beyond what is left, unknown payment) is
 * `failed`. Anything else from the provider is a ProviderError (the refund may be retried with
 * the same idempotency key).
 */
export type RefundResult =
  | { status: 'succeeded'; providerRefundId: string }
  | { status: 'failed'; message: string; providerRefundId?: string };

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
  /**
   * One-off charge of a card token (sourceId) from the card form: `amountCents` in all, of which
   * `tipCents` (0 when absent) is the customer's tip, for providers that report tips apart.
   */
  charge(input: {
    sourceId: string;
    amountCents: number;
    tipCents?: number;
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
  /**
   * Gives back `amountCents` of a payment (the provider's payment id), once per idempotency
   * key: the same key answers with the first refund.
   */
  refund(paymentRef: string, amountCents: number, idempotencyKey: string): Promise<RefundResult>;
  /**
   * The same provider acting for a technician's own connected account (its access token and
   * location): what customers pay a technician is charged there, never on the platform's account.
   */
  forAccount(account: MerchantCredentials): CardProvider;
};

/** What charging on a connected account needs: the seller, its location and its token. */
export type MerchantCredentials = {
  merchantId: string;
  locationId?: string | null;
  accessToken?: string | null;
};

/** A technician's account as the provider gave it at the end of the consent flow (or a refresh). */
export type ConnectedAccount = {
  merchantId: string;
  locationId?: string;
  accessToken?: string;
  refreshToken?: string;
  expiresAt?: Date;
  scopes?: string;
};

/**
 * How a technician connects their own account at a provider: Square's OAuth code flow, PayPal's
 * partner onboarding, or the built-in sandbox's consent page (the same flow, run locally).
 */
export type AccountConnector = {
  readonly provider: 'square' | 'paypal' | 'sandbox';
  /** The provider's consent page for this technician, carrying `state` back to `redirectUri`. */
  consentUrl(input: {
    state: string;
    redirectUri: string;
    technician: { id: number; email: string };
  }): Promise<string>;
  /**
   * The callback's query (code, merchant id...) turned into the account of `technician` (the
   * one signed in, whose state it was): exchanges the code or checks the consent with the
   * provider. A refusal is a ProviderError with the reason; an account the provider ties to
   * someone else's onboarding is a ForeignAccountError.
   */
  complete(
    query: Record<string, string | undefined>,
    redirectUri: string,
    technician: { id: number },
  ): Promise<ConnectedAccount>;
  /** New tokens before the old expire (Square); absent where tokens do not expire. */
  refresh?(account: { merchantId: string; refreshToken: string }): Promise<ConnectedAccount>;
  /** Ends the platform's access to the account at the provider. */
  revoke(account: { merchantId: string; accessToken?: string | null }): Promise<void>;
};

export type WalletOrder = { id: string; status: string };
export type WalletCapture = {
  /**
   * The order's status (CREATED, APPROVED, COMPLETED...), PAYER_ACTION_REQUIRED while the payer
   * has not approved it, NOT_FOUND, or DECLINED when the payer's funding was refused at capture.
   */
  status: string;
  captureId?: string;
  /**
   * The capture's own status once there is one: COMPLETED when the money moved, PENDING while
   * PayPal holds it for review (its webhook says what became of it), DECLINED or FAILED.
   */
  captureStatus?: string;
  amountCents?: number;
  message?: string;
  /**
   * The payer's wallet saved for payments without them (PayPal vault, ADR 017): present once an
   * order created with `vault: true` is completed.
   */
  vaultId?: string;
  /** The provider's customer the vault belongs to. */
  customerRef?: string;
};

export type WalletProvider = {
  readonly name: 'sandbox' | 'paypal';
  /**
   * Client token / id for the wallet button script; for a seller, the partner's attribution
   * (the script tag's data-partner-attribution-id).
   */
  setup(): Promise<{
    clientToken: string;
    clientId?: string;
    scriptUrl?: string;
    partnerAttributionId?: string;
  }>;
  createOrder(input: {
    amountCents: number;
    currency: 'USD';
    intent: 'CAPTURE';
    description?: string;
    idempotencyKey: string;
    /** Who the order is for (e.g. technician-12): only they may approve it. */
    reference?: string;
    /** Save the payer's wallet when the order completes, to charge it later without them. */
    vault?: boolean;
  }): Promise<WalletOrder>;
  captureOrder(orderId: string, idempotencyKey: string): Promise<WalletCapture>;
  /** The order's state as the provider has it: COMPLETED (with the capture), NOT_FOUND, ... */
  lookup(orderId: string): Promise<WalletCapture>;
  /**
   * Charges a saved wallet (a vault id from a completed order) with no payer present: an
   * order created and captured at once. A refusal is a failed charge; the payment id is the
   * capture's id. The same idempotency key never charges twice.
   */
  chargeVault(input: {
    vaultId: string;
    amountCents: number;
    currency: 'USD';
    idempotencyKey: string;
    description?: string;
    reference?: string;
  }): Promise<ChargeResult>;
  /** Gives back `amountCents` of a capture, once per idempotency key. */
  refund(captureId: string, amountCents: number, idempotencyKey: string): Promise<RefundResult>;
  /**
   * The same provider acting for a technician's connected seller account (PayPal's partner
   * flow, ADR 030): its orders name the seller as payee (the money goes to them, never to the
   * platform) and carry the platform's partner attribution; its refunds are made on the seller's
   * behalf. `setup` answers the button script for paying that seller.
   */
  forSeller(merchantId: string): WalletProvider;
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
    /**
     * No answer came (a timeout, a dropped connection): the provider may have taken the charge
     * all the same. Such a payment is left `processing` for reconciliation (ADR 007), never
     * recorded as failed: the customer would be asked for a card again and charged twice.
     */
    public readonly outcomeUnknown = false,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/**
 * The account the callback names is not the one the provider onboarded for this technician
 * (the browser can put any merchant id in the return URL): refused, never attached.
 */
export class ForeignAccountError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ForeignAccountError';
  }
}
