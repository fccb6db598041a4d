import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { REVIEW_EDIT_DAYS } from '@shared/service-request-rules';
import type {
  ServiceRequestReview,
  reviewInputSchema,
} from '@shared/schemas/service-request-views';
import { AppError } from '../../../infra/app-error';
import { audit } from '../../../domain/audit';
import { announce } from '../../../domain/request-timeline';
import type { SessionUser } from '../../../infra/session';
import { resolveRequestViewer } from '../../../domain/request-access';
import { ONLY_CUSTOMER, canReview, reviewCheck, toJobReview } from '../../../domain/reviews';
import {
  lockTechnician,
  recomputeRating,
  updateReview,
  type ReviewRow,
} from '../../../domain/reviews.queries';
import * as q from './reviews.queries';

export { ONLY_CUSTOMER };
export const NOT_COMPLETED = 'You can review a job once it is completed';
export const EDIT_WINDOW_OVER = `Reviews can be edited for ${REVIEW_EDIT_DAYS} days`;

type ReviewInput = z.output<typeof reviewInputSchema>;

/**
 * The customer's review of a completed job: the first PUT writes it, later ones edit it for
 * REVIEW_EDIT_DAYS. The technician's rating and review count are recomputed in the same
 * transaction. The request row is locked first (concurrent first PUTs give one review, the
 * others edit it), then the technician row (see lockTechnician).
 */
export async function saveReview(
  app: FastifyInstance,
  reference: string,
  user: SessionUser | null,
  token: string | undefined,
  input: ReviewInput,
): Promise<{ created: boolean; review: ServiceRequestReview }> {
  return app.db.transaction(async (tx) => {
    const { request, viewer } = await resolveRequestViewer(app, reference, user, token, tx, true);
    if (viewer.role !== 'customer') throw new AppError(403, ONLY_CUSTOMER);
    const technicianId = request.assignedTechnicianId;
    if (request.status !== 'completed' || technicianId === null)
      throw new AppError(409, NOT_COMPLETED);
    const { refusal, flags } = await reviewCheck(tx, request, viewer);
    if (refusal) throw new AppError(403, refusal);
    const now = app.clock();
    const comment = input.comment ? input.comment : null;
    await lockTechnician(tx, technicianId);
    const existing = await q.findReviewByRequest(tx, request.id);
    let row: ReviewRow;
    if (existing) {
      if (!canReview(request, viewer.role, existing, now))
        throw new AppError(409, EDIT_WINDOW_OVER);
      row = await updateReview(tx, existing.id, {
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
    await recomputeRating(tx, row.technicianId);
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
