import { dbId } from '@shared/schemas/common';
import {
  payInvoiceSchema,
  referenceParamSchema,
  requestTokenQuerySchema,
  serviceRequestDetailSchema,
} from '@shared/schemas/service-request-views';
import { approveQuoteSchema, cardPaymentResponseSchema } from '@shared/schemas/pos';
import { errorResponsesFor } from '../../../infra/route-errors';
import {
  askerOf,
  serviceRequestTags as tags,
  VIEWER_NOTE,
  type ServiceRequestApp,
} from '../service-requests.http';
import { approveQuote, payInvoice } from './documents.service';

/** The customer signs a job's quote and pays its invoices by card from the request page. */
export function registerDocumentRoutes(app: ServiceRequestApp) {
  app.post(
    '/api/service-requests/:reference/quotes/:quoteId/approve',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Approve and sign a quote on a service request',
        operationId: 'approveServiceRequestQuote',
        tags,
        description: `The customer signs one of the job's quotes. ${VIEWER_NOTE}`,
        params: referenceParamSchema.extend({ quoteId: dbId() }),
        querystring: requestTokenQuerySchema,
        body: approveQuoteSchema,
        response: {
          200: serviceRequestDetailSchema,
          ...errorResponsesFor(400, 401, 402, 403, 404, 409, 503),
        },
      },
    },
    async (request) =>
      approveQuote(app, askerOf(request), request.params.quoteId, request.body, {
        channel: 'request_page',
        ipAddress: request.ip || null,
        userAgent: request.headers['user-agent']?.slice(0, 500) || null,
      }),
  );

  app.post(
    '/api/service-requests/:reference/invoices/:invoiceId/pay',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Pay an invoice on a service request',
        operationId: 'payServiceRequestInvoice',
        tags,
        description: `The customer pays the balance of one of the job's invoices by card (a token from the card form), with an optional tip for the technician on top (\`tip\`: 10, 15 or 20 percent of the invoice total, or an amount up to the total): one charge on the technician's account; the invoice counts the balance only. The idempotency key is bound to the card's token and the tip (another under the key is 409). ${VIEWER_NOTE}`,
        params: referenceParamSchema.extend({ invoiceId: dbId() }),
        querystring: requestTokenQuerySchema,
        body: payInvoiceSchema,
        response: {
          200: cardPaymentResponseSchema,
          // A declined card: the same shape with success false, as at the point of sale.
          402: cardPaymentResponseSchema,
          ...errorResponsesFor(400, 401, 403, 404, 409, 503),
        },
      },
    },
    async (request, reply) => {
      const result = await payInvoice(
        app,
        askerOf(request),
        request.params.invoiceId,
        request.body,
      );
      return reply.status(result.success ? 200 : 402).send(result);
    },
  );
}
