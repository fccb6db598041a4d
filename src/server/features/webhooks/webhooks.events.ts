import { MAX_MONEY_CENTS, toCents } from '@shared/money';
import type {
  ProviderDisputeEvent,
  ProviderEvent,
  WebhookProvider,
} from '../../domain/provider-events';

/**
 * Square's and PayPal's webhook bodies, read into the common events of domain/provider-events:
 * null for an event type we do not act on, or one whose body lacks what it needs (stored, then
 * marked processed with the reason).
 */

type Json = Record<string, unknown>;

const obj = (v: unknown): Json | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined;
const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.length > 0 && v.length <= 500 ? v : undefined;
const date = (v: unknown): Date | undefined => {
  if (typeof v !== 'string') return undefined;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? undefined : d;
};

/** Square's money: integer cents (a number, or a string from a big integer). */
function squareCents(money: unknown): number | undefined {
  const amount = obj(money)?.amount;
  const n = typeof amount === 'string' && /^\d+$/.test(amount) ? Number(amount) : amount;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 && n <= MAX_MONEY_CENTS
    ? n
    : undefined;
}

/** PayPal's money: a decimal string in `value`. */
function paypalCents(money: unknown): number | undefined {
  const value = obj(money)?.value;
  if (typeof value !== 'string' || !/^\d{1,9}(\.\d{1,2})?$/.test(value)) return undefined;
  const cents = toCents(value);
  return cents <= MAX_MONEY_CENTS ? cents : undefined;
}

/** What identifies a stored event: the provider's event id and type. */
export function eventKey(
  provider: WebhookProvider,
  payload: Json,
): { eventId: string; type: string } | null {
  const eventId = str(provider === 'square' ? payload.event_id : payload.id);
  const type = str(provider === 'square' ? payload.type : payload.event_type);
  if (!eventId || !type || eventId.length > 200 || type.length > 200) return null;
  return { eventId, type };
}

const SQUARE_PAYMENT = {
  COMPLETED: 'succeeded',
  APPROVED: 'succeeded',
  FAILED: 'failed',
  CANCELED: 'failed',
  PENDING: 'pending',
} as const;

const SQUARE_REFUND = {
  COMPLETED: 'succeeded',
  PENDING: 'succeeded',
  FAILED: 'failed',
  REJECTED: 'failed',
} as const;

/** Square's dispute states; anything else is a dispute still open. */
const SQUARE_DISPUTE_OUTCOME: Record<string, 'won' | 'lost'> = {
  WON: 'won',
  INQUIRY_CLOSED: 'won',
  LOST: 'lost',
  ACCEPTED: 'lost',
};

/** Our record of a dispute's state: WON and LOST once decided, else the provider's. */
const disputeState = (outcome: ProviderDisputeEvent['outcome'], state: string) =>
  outcome === 'won' ? 'WON' : outcome === 'lost' ? 'LOST' : state;

function squareEvent(type: string, payload: Json): ProviderEvent | null {
  const object = obj(obj(payload.data)?.object);
  if (type === 'payment.created' || type === 'payment.updated') {
    const p = obj(object?.payment);
    const id = str(p?.id);
    const status = SQUARE_PAYMENT[String(p?.status) as keyof typeof SQUARE_PAYMENT];
    if (!p || !id || !status) return null;
    const fees = Array.isArray(p.processing_fee) ? p.processing_fee : [];
    const feeParts = fees.map((f) => squareCents(obj(f)?.amount_money));
    const card = obj(obj(p.card_details)?.card);
    return {
      kind: 'payment',
      provider: 'square',
      providerPaymentId: id,
      referenceId: str(p.reference_id),
      status,
      providerStatus: String(p.status).toLowerCase(),
      amountCents: squareCents(p.amount_money),
      feeCents:
        feeParts.length > 0 && feeParts.every((c) => c !== undefined)
          ? feeParts.reduce((t, c) => t! + c!, 0)
          : undefined,
      cardBrand: str(card?.card_brand),
      last4: str(card?.last_4),
      updatedAt: date(p.updated_at),
    };
  }
  if (type === 'refund.created' || type === 'refund.updated') {
    const r = obj(object?.refund);
    const id = str(r?.id);
    const paymentId = str(r?.payment_id);
    const amount = squareCents(r?.amount_money);
    const status = SQUARE_REFUND[String(r?.status) as keyof typeof SQUARE_REFUND];
    if (!id || !paymentId || !amount || !status) return null;
    return {
      kind: 'refund',
      provider: 'square',
      providerRefundId: id,
      providerPaymentId: paymentId,
      amountCents: amount,
      status,
      updatedAt: date(r?.updated_at),
    };
  }
  if (type === 'dispute.created' || type === 'dispute.state.updated') {
    const d = obj(object?.dispute);
    const id = str(d?.dispute_id) ?? str(d?.id);
    const state = str(d?.state);
    const amount = squareCents(d?.amount_money);
    if (!id || !state || amount === undefined) return null;
    const outcome = SQUARE_DISPUTE_OUTCOME[state] ?? 'open';
    return {
      kind: 'dispute',
      provider: 'square',
      providerDisputeId: id,
      providerPaymentId: str(obj(d?.disputed_payment)?.payment_id),
      amountCents: amount,
      reason: str(d?.reason) ?? null,
      state: disputeState(outcome, state),
      outcome,
      evidenceDueAt: date(d?.due_at),
      updatedAt: date(d?.updated_at),
    };
  }
  if (type === 'oauth.authorization.revoked') {
    const merchantId = str(payload.merchant_id);
    return merchantId ? { kind: 'revoked', provider: 'square', merchantId } : null;
  }
  return null;
}

/** The capture a PayPal refund belongs to: its `up` link (/v2/payments/captures/{id}). */
function captureOfRefund(r: Json): string | undefined {
  const links = Array.isArray(r.links) ? r.links : [];
  for (const l of links) {
    const link = obj(l);
    const m = /\/v2\/payments\/captures\/([^/?]+)/.exec(String(link?.href ?? ''));
    if (link?.rel === 'up' && m) return m[1];
  }
  return undefined;
}

const PAYPAL_DISPUTE_OUTCOME: Record<string, 'won' | 'lost'> = {
  RESOLVED_SELLER_FAVOUR: 'won',
  CANCELED_BY_BUYER: 'won',
  RESOLVED_BUYER_FAVOUR: 'lost',
  ACCEPTED: 'lost',
  REFUNDED: 'lost',
};

function paypalEvent(type: string, payload: Json): ProviderEvent | null {
  const r = obj(payload.resource);
  if (!r) return null;
  if (
    type === 'PAYMENT.CAPTURE.COMPLETED' ||
    type === 'PAYMENT.CAPTURE.DENIED' ||
    type === 'PAYMENT.CAPTURE.DECLINED'
  ) {
    const id = str(r.id);
    if (!id) return null;
    const breakdown = obj(r.seller_receivable_breakdown);
    return {
      kind: 'payment',
      provider: 'paypal',
      providerPaymentId: id,
      orderId: str(obj(obj(r.supplementary_data)?.related_ids)?.order_id),
      status: type === 'PAYMENT.CAPTURE.COMPLETED' ? 'succeeded' : 'failed',
      providerStatus: String(r.status ?? type.split('.').pop()).toLowerCase(),
      amountCents: paypalCents(r.amount),
      feeCents: breakdown ? paypalCents(breakdown.paypal_fee) : undefined,
      updatedAt: date(r.update_time),
    };
  }
  if (type === 'PAYMENT.CAPTURE.REFUNDED' || type === 'PAYMENT.CAPTURE.REVERSED') {
    const id = str(r.id);
    const captureId = captureOfRefund(r);
    const amount = paypalCents(r.amount);
    if (!id || !captureId || !amount) return null;
    const status = String(r.status ?? 'COMPLETED');
    return {
      kind: 'refund',
      provider: 'paypal',
      providerRefundId: id,
      providerPaymentId: captureId,
      amountCents: amount,
      status: status === 'FAILED' || status === 'CANCELLED' ? 'failed' : 'succeeded',
      updatedAt: date(r.update_time),
    };
  }
  if (type.startsWith('CUSTOMER.DISPUTE.')) {
    const id = str(r.dispute_id);
    const status = str(r.status) ?? 'OPEN';
    const amount = paypalCents(r.dispute_amount);
    if (!id || amount === undefined) return null;
    const code = String(obj(r.dispute_outcome)?.outcome_code ?? '');
    const outcome = PAYPAL_DISPUTE_OUTCOME[code] ?? 'open';
    const transactions = Array.isArray(r.disputed_transactions) ? r.disputed_transactions : [];
    return {
      kind: 'dispute',
      provider: 'paypal',
      providerDisputeId: id,
      providerPaymentId: str(obj(transactions[0])?.seller_transaction_id),
      amountCents: amount,
      reason: str(r.reason) ?? null,
      state: disputeState(outcome, status),
      outcome,
      evidenceDueAt: date(r.seller_response_due_date),
      updatedAt: date(r.update_time),
    };
  }
  if (type === 'MERCHANT.PARTNER-CONSENT.REVOKED') {
    const merchantId = str(r.merchant_id);
    return merchantId ? { kind: 'revoked', provider: 'paypal', merchantId } : null;
  }
  return null;
}

/** The event a stored body tells of; null when we do not act on it. */
export function providerEvent(
  provider: WebhookProvider,
  type: string,
  payload: Json,
): ProviderEvent | null {
  return provider === 'square' ? squareEvent(type, payload) : paypalEvent(type, payload);
}
