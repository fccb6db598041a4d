import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '../../../shared/schemas/common';
import {
  jobReviewSchema,
  referenceParamSchema,
  requestTokenQuerySchema,
  reviewInputSchema,
  reviewReplySchema,
} from '../../../shared/schemas/jobs';
import { repliedReviewSchema } from '../../../shared/schemas/reviews';
import { AppError } from '../../lib/app-error';
import { errorResponsesFor } from '../../lib/route-errors';
import { saveReply, saveReview } from './reviews.service';

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public at the route: the owner signed in, or a guest with the request's signed link
  // (`?t=`); the service decides (resolveJobViewer) and refuses everyone else.
  app.put(
    '/api/service-requests/:reference/review',
    {
      config: { access: 'public' },
      schema: {
        tags: ['reviews'],
        params: referenceParamSchema,
        querystring: requestTokenQuerySchema,
        body: reviewInputSchema,
        response: {
          200: jobReviewSchema,
          201: jobReviewSchema,
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

  app.put(
    '/api/reviews/:id/reply',
    {
      config: { access: 'technician' },
      schema: {
        tags: ['reviews'],
        params: idParamSchema,
        body: reviewReplySchema,
        response: { 200: repliedReviewSchema, ...errorResponsesFor(400, 401, 403, 404) },
      },
    },
    async (request) => {
      if (!request.user) throw new AppError(401, 'Authentication required');
      return saveReply(app, request.params.id, request.user, request.body);
    },
  );
};
