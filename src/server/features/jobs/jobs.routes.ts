import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dbId, messageResponseSchema, MAX_INT4 } from '@shared/schemas/common';
import {
  jobDetailSchema,
  jobMessageSchema,
  jobMoveBodySchema,
  jobSummarySchema,
  payInvoiceSchema,
  referenceParamSchema,
  requestTokenQuerySchema,
  technicianJobsQuerySchema,
  technicianJobsSchema,
} from '@shared/schemas/jobs';
import { approveQuoteSchema, cardPaymentResponseSchema } from '@shared/schemas/pos';
import { errorResponsesFor } from '../../infra/route-errors';
import { lastEventIdOf, registerEventStreams, streamTopic } from '../../infra/sse';
import { resolveJobViewer } from '../../domain/job-access';
import { createJobsService } from './jobs.service';

const VIEWER_NOTE =
  'Open to the customer who owns the request (signed in), its assigned technician, admins, and anyone holding the signed link from the e-mails (`?t=`).';

export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createJobsService(app);
  registerEventStreams(app);

  app.get(
    '/api/service-requests',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Your service requests',
        operationId: 'listServiceRequests',
        tags: ['jobs'],
        description: "The signed-in customer's service requests, newest first.",
        response: { 200: z.array(jobSummarySchema), ...errorResponsesFor(401, 403) },
      },
    },
    async (request) => service.listForCustomer(request.user!),
  );

  app.get(
    '/api/service-requests/:reference',
    {
      config: { access: 'public' },
      schema: {
        summary: 'A service request and its job',
        operationId: 'getServiceRequest',
        tags: ['jobs'],
        description: `A service request with its timeline, technician, window, quotes, invoices and review, as this viewer may see it. ${VIEWER_NOTE}`,
        params: referenceParamSchema,
        querystring: requestTokenQuerySchema,
        response: { 200: jobDetailSchema, ...errorResponsesFor(400, 401, 403, 404) },
      },
    },
    async (request) => service.get(request.params.reference, request.user, request.query.t),
  );

  app.post(
    '/api/service-requests/:reference/moves',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Move a service request on (window, route, work, completion, cancel)',
        operationId: 'moveServiceRequest',
        tags: ['jobs'],
        description: `Moves the request on (src/shared/jobs.ts): propose_window, confirm_window, decline_window, start_route, start_work, complete, cancel, retry_dispatch. A move this viewer cannot make is 403; one the request's state does not allow is 409. ${VIEWER_NOTE}`,
        params: referenceParamSchema,
        querystring: requestTokenQuerySchema,
        body: jobMoveBodySchema,
        response: { 200: jobDetailSchema, ...errorResponsesFor(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.move(
        request.params.reference,
        request.user,
        request.query.t,
        request.body,
        request.ip,
      ),
  );

  app.get(
    '/api/service-requests/:reference/stream',
    {
      config: { access: 'public' },
      schema: {
        summary: "A service request's updates as they happen (Server-Sent Events)",
        operationId: 'streamServiceRequest',
        tags: ['jobs'],
        description: `Server-Sent Events: 'request.updated' whenever the request changes (a move, a dispatch round, a quote, an invoice, a payment, a review). ${VIEWER_NOTE}`,
        params: referenceParamSchema,
        querystring: requestTokenQuerySchema.extend({
          lastEventId: z.coerce.number().int().min(0).max(MAX_INT4).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { reference } = request.params;
      const { request: job } = await resolveJobViewer(
        app,
        reference,
        request.user,
        request.query.t,
      );
      await streamTopic(
        app,
        request,
        reply,
        { serviceRequestId: job.id },
        lastEventIdOf(request, request.query.lastEventId),
        // Access is judged again on every event: a technician who gave the job back, a viewer
        // who signed out (or lost access otherwise) gets no more of its events; the stream ends.
        () => service.stillSees(reference, request.user, request.query.t),
      );
    },
  );

  app.post(
    '/api/service-requests/:reference/messages',
    {
      config: { access: 'technician' },
      schema: {
        summary: 'Send a message on a service request',
        operationId: 'postServiceRequestMessage',
        tags: ['jobs'],
        description: 'The assigned technician e-mails the customer through the platform.',
        params: referenceParamSchema,
        body: jobMessageSchema,
        response: {
          200: messageResponseSchema,
          ...errorResponsesFor(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request) =>
      service.message(request.params.reference, request.user!, request.body.message),
  );

  app.post(
    '/api/service-requests/:reference/quotes/:quoteId/approve',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Approve and sign a quote on a service request',
        operationId: 'approveServiceRequestQuote',
        tags: ['jobs'],
        description: `The customer signs one of the job's quotes. ${VIEWER_NOTE}`,
        params: referenceParamSchema.extend({ quoteId: dbId() }),
        querystring: requestTokenQuerySchema,
        body: approveQuoteSchema,
        response: {
          200: jobDetailSchema,
          ...errorResponsesFor(400, 401, 402, 403, 404, 409, 503),
        },
      },
    },
    async (request) =>
      service.approveQuote(
        request.params.reference,
        request.user,
        request.query.t,
        request.params.quoteId,
        request.body,
        {
          channel: 'request_page',
          ipAddress: request.ip || null,
          userAgent: request.headers['user-agent']?.slice(0, 500) || null,
        },
      ),
  );

  app.post(
    '/api/service-requests/:reference/invoices/:invoiceId/pay',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Pay an invoice on a service request',
        operationId: 'payServiceRequestInvoice',
        tags: ['jobs'],
        description: `The customer pays the balance of one of the job's invoices by card (a token from the card form). ${VIEWER_NOTE}`,
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
      const result = await service.payInvoice(
        request.params.reference,
        request.user,
        request.query.t,
        request.params.invoiceId,
        request.body,
      );
      return reply.status(result.success ? 200 : 402).send(result);
    },
  );

  app.get(
    '/api/jobs',
    {
      config: { access: 'technician' },
      schema: {
        summary: 'Your jobs (technician)',
        operationId: 'listJobs',
        tags: ['jobs'],
        description:
          "The signed-in technician's jobs: active (accepted, scheduled, en route, in progress) and past, a page of each (the same `page` for both, `pageSize` jobs, 20 by default), searched by `q` (a reference like WR-000123, or part of the customer's name, the service, the location or the vehicle; case-insensitive). `activeTotal` and `pastTotal` say how many match in each list.",
        querystring: technicianJobsQuerySchema,
        response: { 200: technicianJobsSchema, ...errorResponsesFor(400, 401, 403) },
      },
    },
    async (request) => service.listForTechnician(request.user!, request.query),
  );
};
