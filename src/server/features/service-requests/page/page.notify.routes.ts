import { z } from 'zod';
import {
  referenceParamSchema,
  requestTokenQuerySchema,
  serviceRequestDetailSchema,
} from '@shared/schemas/service-request-views';
import { textUpdatesBodySchema } from '@shared/schemas/service-requests';
import { errorResponsesFor } from '../../../infra/route-errors';
import {
  serviceRequestTags as tags,
  VIEWER_NOTE,
  type ServiceRequestApp,
} from '../service-requests.http';
import { createPageService } from './page.service';
import { changeTextUpdates, registerWindowAttachment, windowIcs } from './page.notify';
/** The calendar file (OpenAPI: a string, produced as text/calendar). */
const icsBody = z.any().meta({ type: 'string' });

/** What the customer hears about a request outside its page: texts, the calendar file. */
export function registerPageNotifyRoutes(app: ServiceRequestApp) {
  const service = createPageService(app);
  // The confirmation e-mail's .ics, rendered from the request when the e-mail leaves.
  registerWindowAttachment(app);

  app.get(
    '/api/service-requests/:reference/window.ics',
    {
      config: { access: 'public' },
      schema: {
        summary: "The request's confirmed arrival window as a calendar file",
        operationId: 'getServiceRequestWindowIcs',
        tags,
        description: `An iCalendar file (RFC 5545) of the confirmed arrival window, in America/New_York; 404 while none is confirmed. ${VIEWER_NOTE}`,
        params: referenceParamSchema,
        querystring: requestTokenQuerySchema,
        produces: ['text/calendar'],
        response: { 200: icsBody, ...errorResponsesFor(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { filename, ics } = await windowIcs(
        app,
        request.params.reference,
        request.user,
        request.query.t,
      );
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(ics);
    },
  );

  app.put(
    '/api/service-requests/:reference/text-updates',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Start or stop texts about a service request',
        operationId: 'setServiceRequestTextUpdates',
        tags,
        description: `The customer opts in to texts about the request (a proposed window, the technician on the way, an invoice), to the number given or the request's phone, or stops them. ${VIEWER_NOTE} Technicians may not.`,
        params: referenceParamSchema,
        querystring: requestTokenQuerySchema,
        body: textUpdatesBodySchema,
        response: { 200: serviceRequestDetailSchema, ...errorResponsesFor(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { reference } = request.params;
      await changeTextUpdates(app, reference, request.user, request.query.t, request.body);
      return service.get(reference, request.user, request.query.t);
    },
  );
}
