import type { FastifyInstance } from 'fastify';
import { centsToDecimal } from '@shared/money';
import { AppError } from '../../infra/app-error';
import { quoteReachedCustomer, type JobDocuments } from '../../domain/job-documents';
import { resolveJobViewer } from '../../domain/job-access';
import type { SessionUser } from '../../infra/session';
import { jobDetail } from './jobs.detail';

/** What the customer does with a job's documents on the request page. */
/** The customer signs one of the job's quotes on the request page. */
export async function approveJobQuote(
  app: FastifyInstance,
  documents: JobDocuments,
  reference: string,
  user: SessionUser | null,
  token: string | undefined,
  quoteId: number,
  body: Parameters<JobDocuments['sign']>[1],
  context: Parameters<JobDocuments['sign']>[2],
) {
  const { request, viewer } = await resolveJobViewer(app, reference, user, token);
  if (viewer.role !== 'customer')
    throw new AppError(403, 'Only the customer of this job can sign its quotes');
  const quote = await documents.findQuote(quoteId);
  if (!quote || quote.serviceRequestId !== request.id || !quoteReachedCustomer(quote))
    throw new AppError(404, 'Quote not found');
  // Signing checks, under the job's row lock, that the job is still on with this technician;
  // a quote asking for a deposit is charged on the customer's card first (ADR 017).
  await documents.sign(quote, body, context);
  return jobDetail(app, documents, request, viewer);
}

/** The customer pays the balance of one of the job's invoices by card. */
export async function payJobInvoice(
  app: FastifyInstance,
  documents: JobDocuments,
  reference: string,
  user: SessionUser | null,
  token: string | undefined,
  invoiceId: number,
  input: { sourceId: string; idempotencyKey: string },
) {
  const { request, viewer } = await resolveJobViewer(app, reference, user, token);
  if (viewer.role !== 'customer')
    throw new AppError(403, 'Only the customer of this job can pay its invoices');
  const invoice = await documents.findInvoice(invoiceId);
  if (!invoice || invoice.serviceRequestId !== request.id)
    throw new AppError(404, 'Invoice not found');
  // Namespaced: a customer's key never collides with the technician's own.
  const idempotencyKey = `job-${request.id}-inv-${invoice.id}-${input.idempotencyKey}`;
  // A retry gets the first answer before any rule is judged (the invoice is paid by now).
  const earlier = await documents.earlierCardPayment(invoice.technicianId, idempotencyKey);
  if (earlier) return earlier;
  const balance = invoice.totalAmountCents - invoice.paidAmountCents;
  if (invoice.status === 'paid' || balance <= 0)
    throw new AppError(409, 'This invoice is already paid');
  const outcome = await documents.takeCardPayment(invoice.technicianId, {
    amount: Number(centsToDecimal(balance)),
    sourceId: input.sourceId,
    idempotencyKey,
    invoiceId: invoice.id,
    customerEmail: request.contactEmail,
    customerName: request.contactName,
  });
  return outcome;
}
