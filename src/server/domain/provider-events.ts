import type { DbOrTx } from '../db/client';

/**
 * What a payment provider's webhook tells, in the provider's own words made common (Square's
 * payment.updated and PayPal's PAYMENT.CAPTURE.COMPLETED are both a `payment`): the webhooks
 * feature parses and stores events and hands them, inside the transaction that marks each one
 * processed, to the features whose records they change (the point of sale, plans) through app
 * decorators (plugins/services.ts). Amounts are integer cents; `updatedAt` is the provider's
 * own time of the change, which keeps a late, older event from undoing a newer one.
 */

export type WebhookProvider = 'square' | 'paypal';

/** A charge's outcome at the provider. */
export type ProviderPaymentEvent = {
  kind: 'payment';
  provider: WebhookProvider;
  /** Square payment id; PayPal capture id. */
  providerPaymentId: string;
  /** Square: the reference_id our charge set (squareReferenceOf the idempotency key). */
  referenceId?: string;
  /** PayPal: the order the capture belongs to (plan purchases keep the order id). */
  orderId?: string;
  status: 'succeeded' | 'failed' | 'pending';
  /** The provider's status, lower case, for the failure message. */
  providerStatus: string;
  amountCents?: number;
  feeCents?: number;
  cardBrand?: string;
  last4?: string;
  updatedAt?: Date;
};

/** Money given back on a payment, possibly from the provider's dashboard. */
export type ProviderRefundEvent = {
  kind: 'refund';
  provider: WebhookProvider;
  providerRefundId: string;
  providerPaymentId: string;
  amountCents: number;
  status: 'succeeded' | 'failed' | 'pending';
  updatedAt?: Date;
};

/** A customer disputing a payment with their bank (a chargeback). */
export type ProviderDisputeEvent = {
  kind: 'dispute';
  provider: WebhookProvider;
  providerDisputeId: string;
  providerPaymentId?: string;
  amountCents: number;
  reason: string | null;
  /** The provider's state, upper case (EVIDENCE_REQUIRED, WON, LOST, ...). */
  state: string;
  /** Where the dispute is at for us. */
  outcome: 'open' | 'won' | 'lost';
  evidenceDueAt?: Date;
  updatedAt?: Date;
};

/** The seller withdrew our access to their account at the provider. */
export type ProviderRevokedEvent = {
  kind: 'revoked';
  provider: WebhookProvider;
  merchantId: string;
};

export type ProviderEvent =
  ProviderPaymentEvent | ProviderRefundEvent | ProviderDisputeEvent | ProviderRevokedEvent;

/**
 * An event that cannot be applied yet (a refund of ours still being asked for): the worker
 * leaves it unprocessed and tries again later.
 */
export class RetryLater extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RetryLater';
  }
}

/**
 * The point of sale's side (features/pos): card payments, refunds and disputes of the
 * technicians' customers. Each runs in the caller's transaction and says whether the event
 * named one of its payments.
 */
export type PosProviderEvents = {
  payment(tx: DbOrTx, event: ProviderPaymentEvent): Promise<boolean>;
  refund(tx: DbOrTx, event: ProviderRefundEvent): Promise<boolean>;
  dispute(tx: DbOrTx, event: ProviderDisputeEvent): Promise<boolean>;
};
