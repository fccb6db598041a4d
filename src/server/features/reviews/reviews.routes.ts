import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '@shared/schemas/common';
import {
  jobReviewSchema,
  referenceParamSchema,
  requestTokenQuerySchema,
  reviewInputSchema,
  reviewReplySchema,
} from '@shared/schemas/jobs';
import { z } from 'zod';
import {
  hideReviewInputSchema,
  moderationItemSchema,
  repliedReviewSchema,
  reviewReportInputSchema,
  reviewReportSchema,
} from '@shared/schemas/reviews';
import { AppError } from '../../infra/app-error';
import { errorResponsesFor } from '../../infra/route-errors';
import { createModerationService } from './reviews.moderation';
import { saveReply, saveReview } from './reviews.service';

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  // Public at the route: the owner signed in, or a guest with the request's signed link
  // (`?t=`); the service decides (resolveJobViewer) and refuses everyone else.
  app.put(
    '/api/service-requests/:reference/review',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Review the job of a service request',
        operationId: 'reviewServiceRequest',
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
        summary: 'Reply to a review of you',
        operationId: 'replyToReview',
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

  const moderation = createModerationService(app);

  // A signed-in customer or technician (the reviewed one too) reports a review: one each.
  app.post(
    '/api/reviews/:id/reports',
    {
      config: { access: 'signed-in', rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        summary: 'Report a review',
        operationId: 'reportReview',
        tags: ['reviews'],
        params: idParamSchema,
        body: reviewReportInputSchema,
        response: { 201: reviewReportSchema, ...errorResponsesFor(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const report = await moderation.report(request.params.id, request.user!, request.body.reason);
      return reply.status(201).send(report);
    },
  );

  // The admins' moderation queue: reported, flagged and hidden reviews (ADR 025).
  app.get(
    '/api/admin/reviews/moderation',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Reviews awaiting moderation (admin)',
        operationId: 'adminListReviewModeration',
        tags: ['reviews', 'admin'],
        response: { 200: z.array(moderationItemSchema), ...errorResponsesFor(401, 403) },
      },
    },
    () => moderation.queue(),
  );

  app.post(
    '/api/admin/reviews/:id/hide',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Hide a review (admin)',
        operationId: 'adminHideReview',
        tags: ['reviews', 'admin'],
        params: idParamSchema,
        body: hideReviewInputSchema,
        response: { 200: moderationItemSchema, ...errorResponsesFor(400, 401, 403, 404, 409) },
      },
    },
    (request) => moderation.hide(request.params.id, request.user!, request.body.reason, request.ip),
  );

  app.post(
    '/api/admin/reviews/:id/restore',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Show a hidden review again (admin)',
        operationId: 'adminRestoreReview',
        tags: ['reviews', 'admin'],
        params: idParamSchema,
        response: { 200: moderationItemSchema, ...errorResponsesFor(401, 403, 404, 409) },
      },
    },
    (request) => moderation.restore(request.params.id, request.user!, request.ip),
  );

  // Keeps a reported or flagged review shown: the reports so far are dealt with.
  app.post(
    '/api/admin/reviews/:id/keep',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'Keep a reported review shown (admin)',
        operationId: 'adminKeepReview',
        tags: ['reviews', 'admin'],
        params: idParamSchema,
        response: { 200: moderationItemSchema, ...errorResponsesFor(401, 403, 404, 409) },
      },
    },
    (request) => moderation.keep(request.params.id, request.user!, request.ip),
  );
};
