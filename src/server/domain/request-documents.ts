import type { QuoteSigningChannel } from '@shared/constants/domain';
import type { TipRule } from '@shared/money';
import type { CardPaymentResponse, Quote } from '@shared/schemas/pos';
import type { DbOrTx } from '../db/client';
import type { invoices, quotes } from '../db/schema';

/**
 * What a job needs from the point of sale: its quotes as the customer reads and signs them,
 * its invoices, and a card payment against one. The point-of-sale feature provides it
 * (src/server/features/pos/pos.service.ts); plugins/services.ts hands it to the service requests
 * feature as app.requestDocuments.
 */
export type RequestDocuments = {
  /** The quotes with their items. */
  quotesOut(rows: (typeof quotes.$inferSelect)[]): Promise<Quote[]>;
  findQuote(id: number): Promise<typeof quotes.$inferSelect | undefined>;
  /**
   * Stores the customer's signature and approves a draft quote (409 when not a draft, or not
   * at the version signed any more), with its audit trail (ADR 026); a quote asking for a
   * deposit is charged on `deposit` first (402 declined, 400 when none is given).
   */
  sign(
    quote: typeof quotes.$inferSelect,
    body: {
      signature: string;
      version: number;
      contentHash?: string;
      signerName?: string;
      deposit?: { sourceId: string; idempotencyKey: string };
    },
    context: {
      channel: QuoteSigningChannel;
      ipAddress: string | null;
      userAgent: string | null;
    },
  ): Promise<Quote>;
  findInvoice(id: number): Promise<typeof invoices.$inferSelect | undefined>;
  /**
   * Charges a card for the technician against one of their invoices: the point of sale's own
   * charge (no adapter between). `fingerprint` is the customer's request the idempotency key is
   * bound to (requestFingerprint, infra/payments).
   */
  takeCardPayment(
    technicianId: number,
    input: {
      amount: number;
      sourceId: string;
      idempotencyKey: string;
      invoiceId: number;
      customerEmail: string | null;
      customerName: string | null;
      /** The customer's tip, charged on top of `amount` (a percentage of the invoice total). */
      tip: TipRule | null;
    },
    fingerprint: string,
  ): Promise<CardPaymentResponse>;
  /**
   * The answer already given to a card payment of the technician with this idempotency key
   * (as sent to `takeCardPayment`), waiting while it is processing; null for a new key, 409
   * when the key was used with another request (`fingerprint`).
   */
  earlierCardPayment(
    technicianId: number,
    idempotencyKey: string,
    fingerprint: string,
  ): Promise<CardPaymentResponse | null>;
  /**
   * In the transaction of a technician giving a job back: claims the refund of the deposits
   * they took on it (ADR 017); the ids to hand to `runRefunds` once the move committed.
   */
  claimDepositRefunds(
    tx: DbOrTx,
    serviceRequestId: number,
    technicianId: number,
    /** Why: the technician gave the job back, or the customer canceled in time. */
    reason: 'job_given_back' | 'customer_canceled',
  ): Promise<number[]>;
  /** Asks the providers for claimed refunds (what they do not answer, the sweep retries). */
  runRefunds(ids: number[]): Promise<void>;
};

/**
 * Whether a quote is the customer's to see: sent to them ('Send to customer' made its approval
 * link) or signed. An unsent draft is the technician's work in progress: anyone else gets the
 * 404 of an unknown quote.
 */
export const quoteReachedCustomer = (
  q: Pick<typeof quotes.$inferSelect, 'status' | 'approvalTokenHash'>,
) => q.status !== 'draft' || q.approvalTokenHash !== null;

/**
 * What a tip adds to a card payment's request fingerprint (requestFingerprint, infra/payments):
 * the tip as asked, so that a retry under the key with another tip is another request (409).
 * Nothing without a tip, so that such a payment is the same request it was before tips.
 */
export const tipFingerprint = (tip: TipRule | null | undefined) =>
  !tip ? {} : tip.type === 'percent' ? { tipPercent: tip.percent } : { tipCents: tip.amountCents };
