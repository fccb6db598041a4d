import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamSchema } from '@shared/schemas/common';
import { reviewReplySchema } from '@shared/schemas/service-request-views';
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
import { saveReply } from './reviews.service';

/**
 * Reviews beyond one request: the technician's reply, reports and moderation (a request's own
 * review is written on its page: features/service-requests/reviews).
 */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
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
