import { z } from 'zod';
import { SERVICE_REQUEST_STATUSES } from '../constants/domain';
import { URGENCIES } from '../constants/service-types';
import { PAGE_SIZE_MESSAGE, pageNumber, pageSizeNumber, pagedSchema } from './common';

/**
 * The read-only API for Professional technicians (/api/v1, personal API tokens): their own
 * jobs, quotes, invoices and payments. Money is decimal strings in dollars, dates ISO 8601.
 */
export { PAGE_SIZE_MESSAGE };
export const v1PageQuerySchema = z.object({
  page: pageNumber(),
  pageSize: pageSizeNumber(25),
});
export type V1PageQuery = z.output<typeof v1PageQuerySchema>;

const paged = pagedSchema;

export const v1JobSchema = z.object({
  reference: z.string(),
  status: z.enum(SERVICE_REQUEST_STATUSES),
  serviceType: z.string(),
  description: z.string(),
  urgency: z.enum(URGENCIES),
  location: z.string(),
  preferredDate: z.string().nullable(),
  vehicleInfo: z.string().nullable(),
  customer: z.object({
    name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  assignedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const v1QuoteSchema = z.object({
  id: z.number().int(),
  quoteNumber: z.string(),
  jobReference: z.string().nullable(),
  status: z.string(),
  customerName: z.string(),
  customerEmail: z.string().nullable(),
  items: z.array(
    z.object({
      type: z.string(),
      description: z.string(),
      quantity: z.string(),
      unitPrice: z.string(),
      totalPrice: z.string(),
    }),
  ),
  taxRate: z.string(),
  laborTotal: z.string(),
  partsTotal: z.string(),
  taxAmount: z.string(),
  totalAmount: z.string(),
  signedAt: z.string().nullable(),
  createdAt: z.string(),
});

export const v1InvoiceSchema = z.object({
  id: z.number().int(),
  invoiceNumber: z.string(),
  quoteId: z.number().int().nullable(),
  jobReference: z.string().nullable(),
  status: z.string(),
  customerName: z.string(),
  customerEmail: z.string().nullable(),
  laborTotal: z.string(),
  partsTotal: z.string(),
  taxAmount: z.string(),
  totalAmount: z.string(),
  paidAmount: z.string(),
  balance: z.string(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});

export const v1PaymentSchema = z.object({
  id: z.number().int(),
  /** Given when the payment goes through; null for a failed or unfinished attempt. */
  receiptNumber: z.string().nullable(),
  invoiceId: z.number().int().nullable(),
  method: z.string(),
  /** What counts toward the invoice. */
  amount: z.string(),
  /** The customer's tip, charged on top of `amount` ('0.00' for none). */
  tip: z.string(),
  status: z.string(),
  customerName: z.string().nullable(),
  createdAt: z.string(),
});

/** A job with its own documents. */
export const v1JobDetailSchema = v1JobSchema.extend({
  quotes: z.array(v1QuoteSchema),
  invoices: z.array(v1InvoiceSchema),
  payments: z.array(v1PaymentSchema),
});

export const v1JobsSchema = paged(v1JobSchema);
export const v1QuotesSchema = paged(v1QuoteSchema);
export const v1InvoicesSchema = paged(v1InvoiceSchema);
export const v1PaymentsSchema = paged(v1PaymentSchema);
export type V1Job = z.infer<typeof v1JobSchema>;
export type V1Quote = z.infer<typeof v1QuoteSchema>;
export type V1Invoice = z.infer<typeof v1InvoiceSchema>;
export type V1Payment = z.infer<typeof v1PaymentSchema>;
