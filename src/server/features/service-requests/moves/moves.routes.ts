import {
  serviceRequestMoveBodySchema,
  referenceParamSchema,
  requestTokenQuerySchema,
  serviceRequestDetailSchema,
} from '@shared/schemas/service-request-views';
import { errorResponsesFor } from '../../../infra/route-errors';
import {
  serviceRequestTags as tags,
  VIEWER_NOTE,
  type ServiceRequestApp,
} from '../service-requests.http';
import { createMovesService } from './moves.service';

/** The one way a request moves on, whoever moves it. */
export function registerMoveRoutes(app: ServiceRequestApp) {
  const service = createMovesService(app);

  app.post(
    '/api/service-requests/:reference/moves',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Move a service request on (window, route, work, completion, cancel)',
        operationId: 'moveServiceRequest',
        tags,
        description: `Moves the request on (src/shared/service-request-rules.ts): propose_window, confirm_window, decline_window, start_route, start_work, complete, cancel, retry_dispatch; the body is the move's own (\`move\` says which). A move this viewer cannot make is 403; one the request's state does not allow is 409. ${VIEWER_NOTE}`,
        params: referenceParamSchema,
        querystring: requestTokenQuerySchema,
        body: serviceRequestMoveBodySchema,
        response: {
          200: serviceRequestDetailSchema,
          ...errorResponsesFor(400, 401, 403, 404, 409),
        },
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
}
