import { REVIEW_EDIT_DAYS } from '@shared/service-request-rules';
import {
  serviceRequestReviewSchema,
  referenceParamSchema,
  requestTokenQuerySchema,
  reviewInputSchema,
} from '@shared/schemas/service-request-views';
import { errorResponsesFor } from '../../../infra/route-errors';
import {
  serviceRequestTags as tags,
  VIEWER_NOTE,
  type ServiceRequestApp,
} from '../service-requests.http';
import { saveReview } from './reviews.service';

/** The customer's review of the job, from the request page. */
export function registerReviewRoutes(app: ServiceRequestApp) {
  // Public at the route: the owner signed in, or a guest with the request's signed link
  // (`?t=`); the service decides (resolveRequestViewer) and refuses everyone else.
  app.put(
    '/api/service-requests/:reference/review',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Review the job of a service request',
        operationId: 'reviewServiceRequest',
        tags: [...tags, 'reviews'],
        description: `The customer writes the completed job's review (201), or edits it for ${REVIEW_EDIT_DAYS} days (200). ${VIEWER_NOTE}`,
        params: referenceParamSchema,
        querystring: requestTokenQuerySchema,
        body: reviewInputSchema,
        response: {
          200: serviceRequestReviewSchema,
          201: serviceRequestReviewSchema,
          ...errorResponsesFor(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const { created, review } = await saveReview(
        app,
        request.params.reference,
        request.user,
        request.query.t,
        request.body,
      );
      return reply.status(created ? 201 : 200).send(review);
    },
  );
}
