import { z } from 'zod';
import { safeText } from './common';
import { posPaymentSchema, tipInputSchema } from './pos';

/**
 * The customer paying a job's invoice with PayPal into the technician's own PayPal account
 * (ADR 030): an order for the balance (and a tip) with the technician as payee, approved by the
 * customer in PayPal's window (or the built-in sandbox wallet's), then captured by the server.
 */

/** What a customer is told when the technician has not connected PayPal. */
export const PAYPAL_ACCOUNT_REQUIRED =
  'This technician does not take PayPal yet: pay by card, or ask them to connect their PayPal account.';

/** POST /api/service-requests/:reference/invoices/:invoiceId/paypal-order */
export const invoicePayPalOrderSchema = z.object({
  /** One per attempt: a retry after a lost answer gets the order already made. */
  idempotencyKey: safeText({ error: 'idempotencyKey is required' })
    .trim()
    .min(8, 'idempotencyKey must be at least 8 characters')
    .max(100),
  /** A tip for the technician on top of the balance, paid in the same order. */
  tip: tipInputSchema,
});
export type InvoicePayPalOrderBody = z.input<typeof invoicePayPalOrderSchema>;

export const invoicePayPalOrderResponseSchema = z.object({
  /** The provider's order, for its buttons (or the sandbox wallet) to approve. */
  orderId: z.string(),
  /** The attempt as recorded: processing until the order is captured. */
  payment: posPaymentSchema,
});
export type InvoicePayPalOrder = z.output<typeof invoicePayPalOrderResponseSchema>;

/** An order id as PayPal (or the sandbox) gives it. */
export const payPalOrderParamSchema = z.object({
  orderId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/, 'Must be a PayPal order id'),
});
