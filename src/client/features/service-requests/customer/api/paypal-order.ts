import type { InvoicePayPalOrder, InvoicePayPalOrderBody } from '@shared/schemas/invoice-paypal';
import type { CardPaymentResponse } from '@shared/schemas/pos';
import { apiRequest } from '../../../../lib/api-client';
import { serviceRequestUrl, type ServiceRequestRef } from '../../api/keys';

/*
 * Paying a job's invoice with PayPal (or the sandbox wallet) into the technician's own account:
 * an order, the payer's approval (PayPal's window, or the sandbox wallet's), the capture.
 */

const orderUrl = (ref: ServiceRequestRef, invoiceId: number, suffix = '') =>
  serviceRequestUrl(ref, `/invoices/${invoiceId}/paypal-order${suffix}`);

/** POST .../invoices/:invoiceId/paypal-order: an order for the balance and the tip. */
export const createPayPalOrder = (
  ref: ServiceRequestRef,
  invoiceId: number,
  body: InvoicePayPalOrderBody,
) => apiRequest<InvoicePayPalOrder>('POST', orderUrl(ref, invoiceId), body);

/**
 * POST .../paypal-order/:orderId/capture: paid (200), under PayPal's review (202, success
 * false); a declined payment is an ApiError 402 whose body says why.
 */
export const capturePayPalOrder = (ref: ServiceRequestRef, invoiceId: number, orderId: string) =>
  apiRequest<CardPaymentResponse>('POST', orderUrl(ref, invoiceId, `/${orderId}/capture`));

/** POST .../paypal-order/:orderId/cancel: the payer left without approving. */
export const cancelPayPalOrder = (ref: ServiceRequestRef, invoiceId: number, orderId: string) =>
  apiRequest<CardPaymentResponse>('POST', orderUrl(ref, invoiceId, `/${orderId}/cancel`));

/** POST .../paypal-order/:orderId/sandbox-approve: the sandbox wallet's Approve. */
export const approveSandboxPayPalOrder = (
  ref: ServiceRequestRef,
  invoiceId: number,
  orderId: string,
) =>
  apiRequest<{ id: string; status: 'APPROVED' }>(
    'POST',
    orderUrl(ref, invoiceId, `/${orderId}/sandbox-approve`),
  );
