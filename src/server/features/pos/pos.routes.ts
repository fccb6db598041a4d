import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dbId,
  errorResponseSchema,
  idParamSchema,
  messageResponseSchema,
} from '../../../shared/schemas/common';
import {
  approveQuoteSchema,
  cardPaymentResponseSchema,
  cardPaymentSchema,
  createInvoiceSchema,
  createQuoteSchema,
  emailQuoteSchema,
  emailReceiptSchema,
  invoiceSchema,
  posPaymentSchema,
  publicQuoteSchema,
  quoteSchema,
  recordPaymentSchema,
} from '../../../shared/schemas/pos';
import { createPosService } from './pos.service';

const technicianParams = z.object({ id: dbId() });
const tokenParams = z.object({ token: z.string().min(20).max(100) });

/**
 * The point of sale (Professional plan): quotes, signatures, invoices, payments, receipts, and
 * the customer's public remote-approval page. Every record belongs to one technician.
 */
export const posRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createPosService(app);
  const errors = {
    400: errorResponseSchema,
    401: errorResponseSchema,
    403: errorResponseSchema,
    404: errorResponseSchema,
    409: errorResponseSchema,
  };
  const tags = ['pos'];

  app.get(
    '/api/quotes/technician/:id',
    {
      config: { access: 'approved-technician' },
      schema: {
        tags,
        params: technicianParams,
        response: { 200: z.array(quoteSchema), ...errors },
      },
    },
    async (request) => service.listQuotes(request.user, request.params.id),
  );

  app.post(
    '/api/quotes',
    {
      config: { access: 'approved-technician' },
      schema: { tags, body: createQuoteSchema, response: { 201: quoteSchema, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createQuote(request.user, request.body)),
  );

  app.patch(
    '/api/quotes/:id/approve',
    {
      config: { access: 'approved-technician' },
      schema: {
        tags,
        params: idParamSchema,
        body: approveQuoteSchema,
        response: { 200: quoteSchema, ...errors },
      },
    },
    async (request) =>
      service.approveQuote(request.user, request.params.id, request.body.signature),
  );

  app.get(
    '/api/invoices/technician/:id',
    {
      config: { access: 'approved-technician' },
      schema: {
        tags,
        params: technicianParams,
        response: { 200: z.array(invoiceSchema), ...errors },
      },
    },
    async (request) => service.listInvoices(request.user, request.params.id),
  );

  app.post(
    '/api/invoices',
    {
      config: { access: 'approved-technician' },
      schema: { tags, body: createInvoiceSchema, response: { 201: invoiceSchema, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createInvoice(request.user, request.body.quoteId)),
  );

  app.post(
    '/api/square/create-payment',
    {
      config: { access: 'approved-technician' },
      schema: {
        tags,
        body: cardPaymentSchema,
        response: {
          200: cardPaymentResponseSchema,
          402: cardPaymentResponseSchema,
          ...errors,
          503: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await service.cardPayment(request.user, request.body);
      return reply.status(result.success ? 200 : 402).send(result);
    },
  );

  app.post(
    '/api/pos/payments',
    {
      config: { access: 'approved-technician' },
      schema: { tags, body: recordPaymentSchema, response: { 201: posPaymentSchema, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.recordPayment(request.user, request.body)),
  );

  app.get(
    '/api/pos/payments/technician/:id',
    {
      config: { access: 'approved-technician' },
      schema: {
        tags,
        params: technicianParams,
        response: { 200: z.array(posPaymentSchema), ...errors },
      },
    },
    async (request) => service.listPayments(request.user, request.params.id),
  );

  app.get(
    '/api/pos/receipts/:id',
    {
      config: { access: 'approved-technician' },
      schema: {
        tags,
        params: idParamSchema,
        response: {
          200: z.object({
            payment: posPaymentSchema,
            invoice: invoiceSchema.nullable(),
            technician: z.object({ name: z.string(), phone: z.string().nullable() }),
          }),
          ...errors,
        },
      },
    },
    async (request) => service.receipt(request.user, request.params.id),
  );

  app.post(
    '/api/pos/email-quote',
    {
      config: { access: 'approved-technician' },
      schema: {
        tags,
        body: emailQuoteSchema,
        response: { 200: messageResponseSchema, ...errors, 502: errorResponseSchema },
      },
    },
    async (request) => service.emailQuote(request.user, request.body),
  );

  app.post(
    '/api/pos/email-receipt',
    {
      config: { access: 'approved-technician' },
      schema: {
        tags,
        body: emailReceiptSchema,
        response: { 200: messageResponseSchema, ...errors, 502: errorResponseSchema },
      },
    },
    async (request) => service.emailReceipt(request.user, request.body),
  );

  // The customer's remote approval: the unguessable token in the e-mailed link is the credential.
  app.get(
    '/api/quote-approvals/:token',
    {
      config: { access: 'public' },
      schema: { tags, params: tokenParams, response: { 200: publicQuoteSchema, ...errors } },
    },
    async (request) => (await service.quoteByToken(request.params.token)).view,
  );

  app.post(
    '/api/quote-approvals/:token',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags,
        params: tokenParams,
        body: approveQuoteSchema,
        response: { 200: publicQuoteSchema, ...errors, 429: errorResponseSchema },
      },
    },
    async (request) => {
      const { q } = await service.quoteByToken(request.params.token);
      await service.sign(q, request.body.signature);
      return (await service.quoteByToken(request.params.token)).view;
    },
  );
};
