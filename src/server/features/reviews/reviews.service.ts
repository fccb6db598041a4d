import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { reviewReplySchema } from '@shared/schemas/service-request-views';
import type { RepliedReview } from '@shared/schemas/reviews';
import { AppError } from '../../infra/app-error';
import { audit } from '../../domain/audit';
import { announce } from '../../domain/request-timeline';
import { updateReview } from '../../domain/reviews.queries';
import type { SessionUser } from '../../infra/session';
import { toRepliedReview } from './reviews.presenters';
import * as q from './reviews.queries';

export const ONLY_REVIEWED_TECHNICIAN = 'Only the reviewed technician can reply to this review';
export const REVIEW_NOT_FOUND = 'Review not found';

type ReplyInput = z.output<typeof reviewReplySchema>;

/** The reviewed technician's one public reply: written, or edited, here. */
export async function saveReply(
  app: FastifyInstance,
  reviewId: number,
  user: SessionUser,
  input: ReplyInput,
): Promise<RepliedReview> {
  return app.db.transaction(async (tx) => {
    const review = await q.lockReview(tx, reviewId);
    if (!review) throw new AppError(404, REVIEW_NOT_FOUND);
    if (user.technicianId === null || user.technicianId !== review.technicianId)
      throw new AppError(403, ONLY_REVIEWED_TECHNICIAN);
    const row = await updateReview(tx, review.id, {
      reply: input.reply,
      repliedAt: app.clock(),
      // The customer's text did not change.
      updatedAt: review.updatedAt,
    });
    await audit(tx, user, {
      action: review.reply === null ? 'review.replied' : 'review.reply_updated',
      entityType: 'review',
      entityId: review.id,
      details: { technicianId: review.technicianId },
    });
    const request =
      review.serviceRequestId === null
        ? undefined
        : await q.findRequest(tx, review.serviceRequestId);
    if (request) await announce(app, tx, request, request, 'review.reply');
    return toRepliedReview(row);
  });
}
