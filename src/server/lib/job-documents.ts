import type { CardPaymentResponse, Quote } from '../../shared/schemas/pos';
import type { invoices, quotes } from '../db/schema';

/**
 * What a job needs from the point of sale: its quotes as the customer reads and signs them,
 * its invoices, and a card payment against one. The point-of-sale feature provides it
 * (src/server/features/pos/pos.service.ts); app.ts hands it to the jobs feature.
 */
export type JobDocuments = {
  /** The quotes with their items. */
  quotesOut(rows: (typeof quotes.$inferSelect)[]): Promise<Quote[]>;
  findQuote(id: number): Promise<typeof quotes.$inferSelect | undefined>;
  /** Stores the customer's signature and approves a draft quote (409 when not a draft). */
  sign(quote: typeof quotes.$inferSelect, signature: string): Promise<Quote>;
  findInvoice(id: number): Promise<typeof invoices.$inferSelect | undefined>;
  /** Charges a card for the technician against one of their invoices. */
  takeCardPayment(
    technicianId: number,
    input: {
      amount: number;
      sourceId: string;
      idempotencyKey: string;
      invoiceId: number;
      customerEmail: string | null;
      customerName: string | null;
    },
  ): Promise<CardPaymentResponse>;
};
