import type { TipRule } from '@shared/money';
import type { InvoicePayPalOrder } from '@shared/schemas/invoice-paypal';
import type { CardPaymentResponse } from '@shared/schemas/pos';
import type { invoices } from '../db/schema';

type InvoiceRow = typeof invoices.$inferSelect;

/**
 * Whom an invoice's wallet order is for (the provider's custom id): in the sandbox wallet, only
 * that invoice's customer may approve it.
 */
export const walletOrderReference = (invoiceId: number) => `invoice-${invoiceId}`;

/**
 * What a job's customer does with the wallet (PayPal, or the built-in sandbox's) on the request
 * page: an order for an invoice's balance paid to the technician's own account, its capture once
 * approved, or its cancellation. The point of sale provides it (features/pos/payments/pos.wallet)
 * as `app.requestWallet`; the service request's documents (features/service-requests/documents)
 * judge who may call it and for which invoice.
 */
export type RequestWallet = {
  /**
   * An order for the invoice's balance (and the tip on top), its attempt claimed by a
   * `processing` payment under `idempotencyKey` (the same key answers the same order, never a
   * second one; another request with it is 409). 409 when the technician has no wallet account
   * connected or the invoice has nothing left to pay.
   */
  createOrder(
    invoice: InvoiceRow,
    input: {
      idempotencyKey: string;
      tip: TipRule | null;
      fingerprint: string;
      customerEmail: string | null;
      customerName: string | null;
    },
  ): Promise<InvoicePayPalOrder>;
  /**
   * Captures the invoice's order once its payer approved it and settles the payment as a card
   * payment is settled (the receipt numbered and e-mailed, the invoice paid): `pending` while
   * the provider holds the capture for review. 404 for an order that is not this invoice's.
   */
  capture(
    invoice: InvoiceRow,
    orderId: string,
  ): Promise<CardPaymentResponse & { pending?: boolean }>;
  /** The payer left without approving: the attempt fails, so the balance is free again. */
  cancel(invoice: InvoiceRow, orderId: string): Promise<CardPaymentResponse>;
};
