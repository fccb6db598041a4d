import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { invoicePayPalOrderSchema } from '@shared/schemas/invoice-paypal';
import { tipFingerprint } from '../../../domain/request-documents';
import { walletOrderReference } from '../../../domain/request-wallet';
import { AppError } from '../../../infra/app-error';
import { requestFingerprint } from '../../../infra/payments';
import type { RequestAsker } from '../service-requests.http';
import { customerInvoice, invoicePaymentKey } from './documents.service';

/**
 * The customer pays one of the job's invoices with PayPal (or the sandbox wallet) into the
 * technician's own account: who may (the request's customer, signed in or through its signed
 * link) and which invoice (one of this job's) is judged here; the payment's rules are the point
 * of sale's (app.requestWallet).
 */
export function createPayPalService(app: FastifyInstance) {
  return {
    /** An order for the invoice's balance (and a tip), the technician as its payee. */
    async createOrder(
      asker: RequestAsker,
      invoiceId: number,
      input: z.output<typeof invoicePayPalOrderSchema>,
    ) {
      const { request, invoice } = await customerInvoice(app, asker, invoiceId);
      return app.requestWallet.createOrder(invoice, {
        // Namespaced as the card payment's key is: the same key for a card is another request.
        idempotencyKey: invoicePaymentKey(request.id, invoice, input.idempotencyKey),
        tip: input.tip,
        // What the customer asked: the amount is the balance, which the first payment changes.
        fingerprint: requestFingerprint('job-invoice-wallet', {
          invoiceId: invoice.id,
          ...tipFingerprint(input.tip),
        }),
        customerEmail: request.contactEmail,
        customerName: request.contactName,
      });
    },

    async capture(asker: RequestAsker, invoiceId: number, orderId: string) {
      const { invoice } = await customerInvoice(app, asker, invoiceId);
      return app.requestWallet.capture(invoice, orderId);
    },

    async cancel(asker: RequestAsker, invoiceId: number, orderId: string) {
      const { invoice } = await customerInvoice(app, asker, invoiceId);
      return app.requestWallet.cancel(invoice, orderId);
    },

    /**
     * The sandbox wallet's Approve (demo mode): the order must be this invoice's (the sandbox
     * made it for its reference), approved by its customer.
     */
    async approveSandbox(asker: RequestAsker, invoiceId: number, orderId: string) {
      const { invoice } = await customerInvoice(app, asker, invoiceId);
      const sandbox = app.payments.sandbox;
      if (!sandbox || app.payments.wallet?.name !== 'sandbox')
        throw new AppError(404, 'Order not found');
      const approved = sandbox.approveOrder(orderId, walletOrderReference(invoice.id));
      if (approved !== 'approved') throw new AppError(404, 'Order not found');
      return { id: orderId, status: 'APPROVED' as const };
    },
  };
}
