import { z } from 'zod';
import { idParamSchema, messageResponseSchema } from '@shared/schemas/common';
import {
  cardPaymentResponseSchema,
  cardPaymentSchema,
  createInvoiceSchema,
  emailReceiptSchema,
  invoiceSchema,
  posPaymentSchema,
  posReceiptSchema,
  recordPaymentSchema,
  refundPaymentSchema,
} from '@shared/schemas/pos';
import { errorResponses, errorResponsesFor } from '../../../infra/route-errors';
import { posTags as tags, technicianParams, type PosApp } from '../pos.http';
import type { PosService } from '../pos.service';

/**
 * The point of sale's invoices, payments and receipts. Creates answer 201, or 200 with the record
 * made the first time when their clientId was used before (ADR 013).
 */
export function registerPosPaymentRoutes(app: PosApp, service: PosService) {
  app.get(
    '/api/invoices/technician/:id',
    {
      config: { access: 'approved-technician' },
      schema: {
        summary: "A technician's invoices",
        operationId: 'listInvoices',
        tags,
        params: technicianParams,
        response: { 200: z.array(invoiceSchema), ...errorResponses },
      },
    },
    async (request) => service.listInvoices(request.user, request.params.id),
  );

  app.post(
    '/api/invoices',
    {
      config: { access: 'approved-technician' },
      schema: {
        summary: 'Create an invoice',
        operationId: 'createInvoice',
        tags,
        body: createInvoiceSchema,
        response: { 200: invoiceSchema, 201: invoiceSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { created, invoice } = await service.createInvoice(request.user, request.body);
      return reply.status(created ? 201 : 200).send(invoice);
    },
  );

  // A card payment: under a path that names no provider (the technician's account may be
  // Square or PayPal, ADR 030), and under the spec's path, kept for the clients that call it.
  const cardPayment = (url: string, operationId: string, summary: string) =>
    app.post(
      url,
      {
        config: { access: 'approved-technician' },
        schema: {
          summary,
          operationId,
          tags,
          description:
            "A card charged on the technician's account, against one of their invoices or not. `tip`: the customer's tip on top of `amount` (10, 15 or 20 percent of the invoice total, or of the amount without an invoice, or an amount up to that), charged in the same payment and never counted toward the invoice.",
          body: cardPaymentSchema,
          response: {
            200: cardPaymentResponseSchema,
            402: cardPaymentResponseSchema,
            ...errorResponses,
            ...errorResponsesFor(503),
          },
        },
      },
      async (request, reply) => {
        const result = await service.cardPayment(request.user, request.body);
        return reply.status(result.success ? 200 : 402).send(result);
      },
    );
  cardPayment('/api/pos/card-payments', 'createCardPayment', 'Take a card payment');
  cardPayment(
    '/api/square/create-payment',
    'createCardPaymentAtSpecPath',
    'Take a card payment (the same at the spec path)',
  );

  app.post(
    '/api/pos/payments',
    {
      config: { access: 'approved-technician' },
      schema: {
        summary: 'Record a payment at the point of sale',
        operationId: 'recordPosPayment',
        tags,
        body: recordPaymentSchema,
        response: { 200: posPaymentSchema, 201: posPaymentSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { created, payment } = await service.recordPayment(request.user, request.body);
      return reply.status(created ? 201 : 200).send(payment);
    },
  );

  app.get(
    '/api/pos/payments/technician/:id',
    {
      config: { access: 'approved-technician' },
      schema: {
        summary: "A technician's point-of-sale payments",
        operationId: 'listPosPayments',
        tags,
        params: technicianParams,
        response: { 200: z.array(posPaymentSchema), ...errorResponses },
      },
    },
    async (request) => service.listPayments(request.user, request.params.id),
  );

  // Gives a card payment back in full through the provider, once per idempotency key (ADR 017).
  app.post(
    '/api/pos/payments/:id/refund',
    {
      config: { access: 'approved-technician' },
      schema: {
        summary: 'Refund a card payment in full',
        operationId: 'refundPosPayment',
        tags,
        params: idParamSchema,
        body: refundPaymentSchema,
        response: { 200: posPaymentSchema, ...errorResponses },
      },
    },
    async (request) =>
      service.refundPayment(request.user, request.params.id, request.body.idempotencyKey),
  );

  app.get(
    '/api/pos/receipts/:id',
    {
      config: { access: 'approved-technician' },
      schema: {
        summary: "A point-of-sale payment's receipt",
        operationId: 'getPosReceipt',
        tags,
        params: idParamSchema,
        response: {
          200: posReceiptSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => service.receipt(request.user, request.params.id),
  );

  app.post(
    '/api/pos/email-receipt',
    {
      config: { access: 'approved-technician' },
      schema: {
        summary: 'E-mail a receipt to the customer',
        operationId: 'emailPosReceipt',
        tags,
        body: emailReceiptSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.emailReceipt(request.user, request.body),
  );
}
