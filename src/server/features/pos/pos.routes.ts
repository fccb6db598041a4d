import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema, messageResponseSchema } from '@shared/schemas/common';
import {
  approveQuoteSchema,
  createQuoteSchema,
  emailQuoteSchema,
  publicQuoteSchema,
  quoteSchema,
  sendQuoteResponseSchema,
  sendQuoteSchema,
  updateQuoteSchema,
} from '@shared/schemas/pos';
import { errorResponses, errorResponsesFor } from '../../infra/route-errors';
import { posTags as tags, technicianParams } from './pos.http';
import { registerPosDocumentRoutes } from './documents/pos.documents.routes';
import { registerPosPaymentRoutes } from './payments/pos.payments.routes';
import { registerPosStatementRoutes } from './statements/pos.statements.routes';
import { registerPosAccountingRoutes } from './accounting/pos.accounting.routes';
import { createPosService } from './pos.service';
import { signingContext } from './quotes/pos.signing';

const tokenParams = z.object({ token: z.string().min(20).max(100) });

/**
 * The point of sale (Professional plan): quotes, signatures, invoices, payments, receipts, and
 * the customer's public remote-approval page. Every record belongs to one technician.
 */
export const posRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createPosService(app);

  app.get(
    '/api/quotes/technician/:id',
    {
      config: { access: 'approved-technician' },
      schema: {
        summary: "A technician's quotes",
        operationId: 'listQuotes',
        tags,
        params: technicianParams,
        response: { 200: z.array(quoteSchema), ...errorResponses },
      },
    },
    async (request) => service.listQuotes(request.user, request.params.id),
  );

  // 201 with the new quote; 200 with the first one when its clientId was used before (ADR 013).
  app.post(
    '/api/quotes',
    {
      config: { access: 'approved-technician' },
      schema: {
        summary: 'Create a quote',
        operationId: 'createQuote',
        tags,
        body: createQuoteSchema,
        response: { 200: quoteSchema, 201: quoteSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { created, quote } = await service.createQuote(request.user, request.body);
      return reply.status(created ? 201 : 200).send(quote);
    },
  );

  app.put(
    '/api/quotes/:id',
    {
      config: { access: 'approved-technician' },
      schema: {
        summary: 'Update a quote',
        operationId: 'updateQuote',
        tags,
        params: idParamSchema,
        body: updateQuoteSchema,
        response: { 200: quoteSchema, ...errorResponses },
      },
    },
    async (request) => service.updateQuote(request.user, request.params.id, request.body),
  );

  app.patch(
    '/api/quotes/:id/approve',
    {
      config: { access: 'approved-technician' },
      schema: {
        summary: "Record the customer's approval of a quote in person",
        operationId: 'approveQuote',
        tags,
        params: idParamSchema,
        body: approveQuoteSchema,
        response: { 200: quoteSchema, ...errorResponses, ...errorResponsesFor(402, 503) },
      },
    },
    async (request) =>
      service.approveQuote(
        request.user,
        request.params.id,
        request.body,
        signingContext('in_person', request),
      ),
  );

  app.post(
    '/api/pos/quotes/:id/send',
    {
      config: { access: 'approved-technician' },
      schema: {
        summary: 'Send a quote to the customer',
        operationId: 'sendQuote',
        tags,
        description:
          "A saved quote is a draft; this e-mails it to the customer with its approval link and it becomes `sent`. Sending a sent quote again e-mails the same link (`resent: true`): never a second live link. The quote's customer e-mail is used, or `customerEmail` when it has none. 409 when the quote is approved or has no e-mail.",
        params: idParamSchema,
        body: sendQuoteSchema,
        response: { 200: sendQuoteResponseSchema, ...errorResponsesFor(400, 401, 403, 404, 409) },
      },
    },
    async (request) => service.sendQuote(request.user, request.params.id, request.body),
  );

  app.post(
    '/api/pos/email-quote',
    {
      config: { access: 'approved-technician' },
      schema: {
        summary: 'E-mail a quote to the customer',
        operationId: 'emailQuote',
        tags,
        body: emailQuoteSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.emailQuote(request.user, request.body),
  );

  registerPosPaymentRoutes(app, service);
  registerPosDocumentRoutes(app);
  registerPosStatementRoutes(app);
  registerPosAccountingRoutes(app);

  // The customer's remote approval: the unguessable token in the e-mailed link is the credential.
  app.get(
    '/api/quote-approvals/:token',
    {
      config: { access: 'public' },
      schema: {
        summary: 'A quote sent for approval, by its e-mailed link',
        operationId: 'getQuoteApproval',
        tags,
        params: tokenParams,
        response: { 200: publicQuoteSchema, ...errorResponses, ...errorResponsesFor(410) },
      },
    },
    async (request) => (await service.quoteByToken(request.params.token)).view,
  );

  app.post(
    '/api/quote-approvals/:token',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        summary: 'Approve or decline a quote by its e-mailed link',
        operationId: 'answerQuoteApproval',
        tags,
        params: tokenParams,
        body: approveQuoteSchema,
        response: {
          200: publicQuoteSchema,
          ...errorResponses,
          ...errorResponsesFor(402, 429, 503),
        },
      },
    },
    // With the deposit's card when the quote asks for one (ADR 017): 402 when declined.
    async (request) => {
      const { q } = await service.quoteByToken(request.params.token, 'sign');
      await service.sign(q, request.body, signingContext('email_link', request));
      return (await service.quoteByToken(request.params.token)).view;
    },
  );
};
