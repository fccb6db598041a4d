import { z } from 'zod';
import { MAX_INT4 } from '@shared/schemas/common';
import {
  serviceRequestSummarySchema,
  referenceParamSchema,
  requestTokenQuerySchema,
  serviceRequestDetailSchema,
} from '@shared/schemas/service-request-views';
import { errorResponsesFor } from '../../../infra/route-errors';
import { lastEventIdOf, registerEventStreams, streamTopic } from '../../../infra/sse';
import { resolveRequestViewer } from '../../../domain/request-access';
import {
  serviceRequestTags as tags,
  VIEWER_NOTE,
  type ServiceRequestApp,
} from '../service-requests.http';
import { createPageService } from './page.service';

/** The customer's requests, and one request's page: its view, its live updates. */
export function registerPageRoutes(app: ServiceRequestApp) {
  const service = createPageService(app);
  registerEventStreams(app);

  app.get(
    '/api/service-requests',
    {
      config: { access: 'customer' },
      schema: {
        summary: 'Your service requests',
        operationId: 'listServiceRequests',
        tags,
        description: "The signed-in customer's service requests, newest first.",
        response: { 200: z.array(serviceRequestSummarySchema), ...errorResponsesFor(401, 403) },
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
        tags,
        description: `A service request with its timeline, technician, window, quotes, invoices and review, as this viewer may see it. ${VIEWER_NOTE}`,
        params: referenceParamSchema,
        querystring: requestTokenQuerySchema,
        response: { 200: serviceRequestDetailSchema, ...errorResponsesFor(400, 401, 403, 404) },
      },
    },
    async (request) => service.get(request.params.reference, request.user, request.query.t),
  );

  app.get(
    '/api/service-requests/:reference/stream',
    {
      config: { access: 'public' },
      schema: {
        summary: "A service request's updates as they happen (Server-Sent Events)",
        operationId: 'streamServiceRequest',
        tags,
        description: `Server-Sent Events: 'request.updated' whenever the request changes (a move, a dispatch round, a quote, an invoice, a payment, a review). ${VIEWER_NOTE}`,
        params: referenceParamSchema,
        querystring: requestTokenQuerySchema.extend({
          lastEventId: z.coerce.number().int().min(0).max(MAX_INT4).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { reference } = request.params;
      const { request: job } = await resolveRequestViewer(
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
}
