import { POSITION_INTERVAL_SECONDS } from '@shared/arrival';
import { arrivalSchema, positionInputSchema } from '@shared/schemas/arrival';
import { referenceParamSchema } from '@shared/schemas/service-request-views';
import { errorResponsesFor } from '../../../infra/route-errors';
import { serviceRequestTags as tags, type ServiceRequestApp } from '../service-requests.http';
import { createArrivalService } from './arrival.service';

/** The technician on the way shares where they are (ADR 045). */
export function registerArrivalRoutes(app: ServiceRequestApp) {
  const service = createArrivalService(app);

  app.post(
    '/api/service-requests/:reference/position',
    {
      config: { access: 'approved-technician', rateLimit: { max: 240, timeWindow: '1 hour' } },
      schema: {
        summary: 'Share where the technician on the way is',
        operationId: 'shareTechnicianPosition',
        tags,
        description: `The technician holding the job, while it is en route (after On my way), sends their device's position at most every ${POSITION_INTERVAL_SECONDS} seconds (429 with Retry-After sooner). The customer's page shows it on a map with the arrival estimate; it is forgotten when the job stops being en route. Answers the estimate.`,
        params: referenceParamSchema,
        body: positionInputSchema,
        response: { 200: arrivalSchema, ...errorResponsesFor(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => service.share(request.params.reference, request.user, request.body),
  );
}
