import type { FastifyInstance } from 'fastify';
import { centsToDecimal, type TipRule } from '@shared/money';
import { AppError } from '../../../infra/app-error';
import { requestFingerprint } from '../../../infra/payments';
import {
  quoteReachedCustomer,
  tipFingerprint,
  type RequestDocuments,
} from '../../../domain/request-documents';
import { resolveRequestViewer } from '../../../domain/request-access';
import { serviceRequestDetail } from '../service-requests.detail';
import type { RequestAsker } from '../service-requests.http';

/*
 * What the customer does with a job's documents on the request page: sign a quote, pay an
 * invoice. Which request and which document is judged here; the point of sale's rules (the
 * signature, the charge) are app.requestDocuments'.
 */

type InvoiceRow = NonNullable<Awaited<ReturnType<RequestDocuments['findInvoice']>>>;

/** The request's customer and one of its invoices: 404 for anything else, 403 for its staff. */
export async function customerInvoice(
  app: FastifyInstance,
  asker: RequestAsker,
  invoiceId: number,
) {
  const { request, viewer } = await resolveRequestViewer(
    app,
    asker.reference,
    asker.user,
    asker.token,
  );
  if (viewer.role !== 'customer')
    throw new AppError(403, 'Only the customer of this job can pay its invoices');
  const invoice = await app.requestDocuments.findInvoice(invoiceId);
  if (!invoice || invoice.serviceRequestId !== request.id)
    throw new AppError(404, 'Invoice not found');
  return { request, invoice };
}

/**
 * The key of a customer's payment of an invoice, namespaced: it never collides with the
 * technician's own keys, and a card's key is another request than a wallet's.
 */
export const invoicePaymentKey = (requestId: number, invoice: InvoiceRow, key: string) =>
  `job-${requestId}-inv-${invoice.id}-${key}`;

/** The customer signs one of the job's quotes on the request page. */
export async function approveQuote(
  app: FastifyInstance,
  asker: RequestAsker,
  quoteId: number,
  body: Parameters<RequestDocuments['sign']>[1],
  context: Parameters<RequestDocuments['sign']>[2],
) {
  const { request, viewer } = await resolveRequestViewer(
    app,
    asker.reference,
    asker.user,
    asker.token,
  );
  if (viewer.role !== 'customer')
    throw new AppError(403, 'Only the customer of this job can sign its quotes');
  const quote = await app.requestDocuments.findQuote(quoteId);
  if (!quote || quote.serviceRequestId !== request.id || !quoteReachedCustomer(quote))
    throw new AppError(404, 'Quote not found');
  // Signing checks, under the job's row lock, that the job is still on with this technician;
  // a quote asking for a deposit is charged on the customer's card first (ADR 017).
  await app.requestDocuments.sign(quote, body, context);
  return serviceRequestDetail(app, request, viewer);
}

/**
 * The customer pays the balance of one of the job's invoices by card, with a tip for the
 * technician on top when they give one (charged in the same payment, never counted toward the
 * invoice). The charge is the point of sale's (app.requestDocuments.takeCardPayment).
 */
export async function payInvoice(
  app: FastifyInstance,
  asker: RequestAsker,
  invoiceId: number,
  input: { sourceId: string; idempotencyKey: string; tip: TipRule | null },
) {
  const { request, invoice } = await customerInvoice(app, asker, invoiceId);
  const idempotencyKey = invoicePaymentKey(request.id, invoice, input.idempotencyKey);
  // What the customer asked (the amount is the balance, which the first payment changes): the
  // key answers only this request again, never another card's nor another tip's.
  const fingerprint = requestFingerprint('job-invoice-card', {
    invoiceId: invoice.id,
    sourceId: input.sourceId,
    ...tipFingerprint(input.tip),
  });
  // A retry gets the first answer before any rule is judged (the invoice is paid by now).
  const earlier = await app.requestDocuments.earlierCardPayment(
    invoice.technicianId,
    idempotencyKey,
    fingerprint,
  );
  if (earlier) return earlier;
  const balance = invoice.totalAmountCents - invoice.paidAmountCents;
  if (invoice.status === 'paid' || balance <= 0)
    throw new AppError(409, 'This invoice is already paid');
  return app.requestDocuments.takeCardPayment(
    invoice.technicianId,
    {
      amount: Number(centsToDecimal(balance)),
      sourceId: input.sourceId,
      idempotencyKey,
      invoiceId: invoice.id,
      customerEmail: request.contactEmail,
      customerName: request.contactName,
      tip: input.tip,
    },
    fingerprint,
  );
}
