import { z } from 'zod';
import { dbId } from '@shared/schemas/common';
import {
  invoicePayPalOrderResponseSchema,
  invoicePayPalOrderSchema,
  payPalOrderParamSchema,
} from '@shared/schemas/invoice-paypal';
import {
  referenceParamSchema,
  requestTokenQuerySchema,
} from '@shared/schemas/service-request-views';
import { cardPaymentResponseSchema } from '@shared/schemas/pos';
import { errorResponsesFor } from '../../../infra/route-errors';
import {
  askerOf,
  serviceRequestTags as tags,
  type ServiceRequestApp,
} from '../service-requests.http';
import { createPayPalService } from './documents.paypal';

const CUSTOMER_NOTE =
  "For the request's customer: signed in, or holding the request's signed link (`?t=`). The money goes to the technician's own PayPal account (the order's payee).";

const orderParams = referenceParamSchema
  .extend({ invoiceId: dbId() })
  .extend(payPalOrderParamSchema.shape);

/** A job's invoice paid with PayPal (or the built-in sandbox wallet) from the request page. */
export function registerPayPalRoutes(app: ServiceRequestApp) {
  const service = createPayPalService(app);

  app.post(
    '/api/service-requests/:reference/invoices/:invoiceId/paypal-order',
    {
      config: { access: 'public' },
      schema: {
        summary: "Start paying a service request's invoice with PayPal",
        operationId: 'createServiceRequestInvoicePayPalOrder',
        tags,
        description: `An order for the invoice's balance (and a tip), paid to the technician's own PayPal account; the same idempotency key answers the same order, never a second one. 409 when the technician has not connected PayPal or the invoice is paid. ${CUSTOMER_NOTE}`,
        params: referenceParamSchema.extend({ invoiceId: dbId() }),
        querystring: requestTokenQuerySchema,
        body: invoicePayPalOrderSchema,
        response: {
          200: invoicePayPalOrderResponseSchema,
          ...errorResponsesFor(400, 401, 403, 404, 409, 503),
        },
      },
    },
    async (request) =>
      service.createOrder(askerOf(request), request.params.invoiceId, request.body),
  );

  app.post(
    '/api/service-requests/:reference/invoices/:invoiceId/paypal-order/:orderId/capture',
    {
      config: { access: 'public' },
      schema: {
        summary: "Complete a service request's invoice paid with PayPal",
        operationId: 'captureServiceRequestInvoicePayPalOrder',
        tags,
        description: `Captures the order once the customer approved it in PayPal: 200 paid (the receipt e-mailed), 402 declined, 202 while PayPal reviews it (its webhook completes it), 409 before approval. ${CUSTOMER_NOTE}`,
        params: orderParams,
        querystring: requestTokenQuerySchema,
        response: {
          200: cardPaymentResponseSchema,
          202: cardPaymentResponseSchema,
          402: cardPaymentResponseSchema,
          ...errorResponsesFor(400, 401, 403, 404, 409, 503),
        },
      },
    },
    async (request, reply) => {
      const { pending, ...result } = await service.capture(
        askerOf(request),
        request.params.invoiceId,
        request.params.orderId,
      );
      return reply.status(result.success ? 200 : pending ? 202 : 402).send(result);
    },
  );

  app.post(
    '/api/service-requests/:reference/invoices/:invoiceId/paypal-order/:orderId/cancel',
    {
      config: { access: 'public' },
      schema: {
        summary: "Cancel a PayPal payment of a service request's invoice",
        operationId: 'cancelServiceRequestInvoicePayPalOrder',
        tags,
        description: `The customer closed PayPal's window without approving: the attempt fails, so the balance can be paid otherwise at once. An order already approved is left to its capture. ${CUSTOMER_NOTE}`,
        params: orderParams,
        querystring: requestTokenQuerySchema,
        response: {
          200: cardPaymentResponseSchema,
          ...errorResponsesFor(400, 401, 403, 404, 503),
        },
      },
    },
    async (request) =>
      service.cancel(askerOf(request), request.params.invoiceId, request.params.orderId),
  );

  // The built-in sandbox wallet's approval (demo mode and journeys): PayPal's own window does it.
  if (app.payments.wallet?.name !== 'sandbox') return;
  app.post(
    '/api/service-requests/:reference/invoices/:invoiceId/paypal-order/:orderId/sandbox-approve',
    {
      config: { access: 'public' },
      schema: {
        summary: "Approve a sandbox wallet order of a service request's invoice",
        operationId: 'approveServiceRequestInvoiceSandboxOrder',
        tags: [...tags, 'payments'],
        description: `The sandbox wallet's Approve, as PayPal's window approves an order (sandbox payments only). ${CUSTOMER_NOTE}`,
        params: orderParams,
        querystring: requestTokenQuerySchema,
        response: {
          200: z.object({ id: z.string(), status: z.literal('APPROVED') }),
          ...errorResponsesFor(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      service.approveSandbox(askerOf(request), request.params.invoiceId, request.params.orderId),
  );
}
