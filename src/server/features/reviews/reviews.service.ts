import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { REVIEW_EDIT_DAYS } from '@shared/jobs';
import type { JobReview, reviewInputSchema, reviewReplySchema } from '@shared/schemas/jobs';
import type { RepliedReview } from '@shared/schemas/reviews';
import { AppError } from '../../infra/app-error';
import { audit } from '../../domain/audit';
import { announce } from '../../domain/job-timeline';
import type { SessionUser } from '../../infra/session';
// The one resolver of who is looking at a request (the lead's jobs feature; ADR 010).
import { resolveJobViewer } from '../../domain/job-access';
import { ONLY_CUSTOMER, canReview, reviewCheck } from '../../domain/reviews';
import { toJobReview, toRepliedReview } from './reviews.presenters';
import * as q from './reviews.queries';

export { ONLY_CUSTOMER };
export const NOT_COMPLETED = 'You can review a job once it is completed';
export const EDIT_WINDOW_OVER = `Reviews can be edited for ${REVIEW_EDIT_DAYS} days`;
export const ONLY_REVIEWED_TECHNICIAN = 'Only the reviewed technician can reply to this review';
export const REVIEW_NOT_FOUND = 'Review not found';

type ReviewInput = z.output<typeof reviewInputSchema>;
type ReplyInput = z.output<typeof reviewReplySchema>;

/**
 * The customer's review of a completed job: the first PUT writes it, later ones edit it for
 * REVIEW_EDIT_DAYS. The technician's rating and review count are recomputed in the same
 * transaction. The request row is locked first (concurrent first PUTs give one review, the
 * others edit it), then the technician row (see q.lockTechnician).
 */
export async function saveReview(
  app: FastifyInstance,
  reference: string,
  user: SessionUser | null,
  token: string | undefined,
  input: ReviewInput,
): Promise<{ created: boolean; review: JobReview }> {
  return app.db.transaction(async (tx) => {
    const { request, viewer } = await resolveJobViewer(app, reference, user, token, tx, true);
    if (viewer.role !== 'customer') throw new AppError(403, ONLY_CUSTOMER);
    const technicianId = request.assignedTechnicianId;
    if (request.status !== 'completed' || technicianId === null)
      throw new AppError(409, NOT_COMPLETED);
    const { refusal, flags } = await reviewCheck(tx, request, viewer);
    if (refusal) throw new AppError(403, refusal);
    const now = app.clock();
    const comment = input.comment ? input.comment : null;
    await q.lockTechnician(tx, technicianId);
    const existing = await q.findReviewByRequest(tx, request.id);
    let row: q.ReviewRow;
    if (existing) {
      if (!canReview(request, viewer.role, existing, now))
        throw new AppError(409, EDIT_WINDOW_OVER);
      row = await q.updateReview(tx, existing.id, {
        rating: input.rating,
        comment,
        flags,
        updatedAt: now,
      });
    } else {
      const inserted = await q.insertReview(tx, {
        technicianId,
        customerId: request.customerId,
        serviceRequestId: request.id,
        rating: input.rating,
        comment,
        flags,
        createdAt: now,
        updatedAt: now,
      });
      // Unreachable while the request row is locked; a clear answer rather than a 500.
      if (!inserted) throw new AppError(409, 'This job already has a review');
      row = inserted;
    }
    await q.recomputeRating(tx, row.technicianId);
    await audit(tx, viewer.user, {
      action: existing ? 'review.updated' : 'review.created',
      entityType: 'review',
      entityId: row.id,
      details: { serviceRequestId: request.id, technicianId: row.technicianId, rating: row.rating },
    });
    await announce(app, tx, request, request, 'review');
    return { created: !existing, review: toJobReview(row) };
  });
}

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
    const row = await q.updateReview(tx, review.id, {
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
