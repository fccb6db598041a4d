import type { FastifyInstance } from 'fastify';
import { formatReference } from '@shared/service-request-rules';
import type { ModerationItem, ReviewReport } from '@shared/schemas/reviews';
import { AppError } from '../../infra/app-error';
import { audit } from '../../domain/audit';
import { fullName, shortName } from '../../domain/names';
import { tooManyAttempts } from '../../infra/rate-limiter';
import type { ReviewFlag } from '../../domain/reviews';
import {
  lockTechnician,
  paidJobs,
  recomputeRating,
  updateReview,
} from '../../domain/reviews.queries';
import type { SessionUser } from '../../infra/session';
import * as q from './reviews.queries';

/**
 * Reports and moderation (ADR 025): signed-in customers and technicians report a review (one
 * report each); admins see reported, flagged and hidden reviews, hide one with a reason, restore
 * it, or keep it. A hidden review leaves the technician's rating and review count (recomputed
 * in the same transaction, under the technician's lock as every review write) and every public
 * page; each decision is audited.
 */
export const REVIEW_NOT_FOUND = 'Review not found';
export const ALREADY_REPORTED = 'You have already reported this review';
export const ONLY_CUSTOMERS_AND_TECHNICIANS =
  'Only customers and technicians can report reviews; admins hide them in the moderation queue';
export const ALREADY_HIDDEN = 'This review is already hidden';
export const NOT_HIDDEN = 'This review is not hidden';

/** Reports one signed-in user may make per hour. */
export const REPORTS_PER_HOUR = 10;
const QUEUE_LIMIT = 200;

export function createModerationService(app: FastifyInstance) {
  const reportsByUser = app.rateLimits.limiter('review-reports:user', REPORTS_PER_HOUR, 3600_000);

  /** Hides, restores or keeps a review: one audited decision, the rating recomputed. */
  async function decide(
    reviewId: number,
    admin: SessionUser,
    decision: 'hide' | 'restore' | 'keep',
    reason: string | null,
    ip: string,
  ) {
    await app.db.transaction(async (tx) => {
      const found = await q.findReviewById(tx, reviewId);
      if (!found) throw new AppError(404, REVIEW_NOT_FOUND);
      // The technician first, as every review write (ADR 011), then the review.
      await lockTechnician(tx, found.technicianId);
      const review = (await q.lockReview(tx, reviewId))!;
      const now = app.clock();
      if (decision !== 'restore' && review.hiddenAt) throw new AppError(409, ALREADY_HIDDEN);
      if (decision === 'restore' && !review.hiddenAt) throw new AppError(409, NOT_HIDDEN);
      await updateReview(tx, review.id, {
        ...(decision === 'hide'
          ? { hiddenAt: now, hiddenReason: reason, hiddenBy: admin.id }
          : decision === 'restore'
            ? { hiddenAt: null, hiddenReason: null, hiddenBy: null }
            : {}),
        moderatedAt: now,
        // The customer's text did not change.
        updatedAt: review.updatedAt,
      });
      if (decision !== 'keep') await recomputeRating(tx, review.technicianId);
      await audit(tx, admin, {
        action: `review.${decision === 'hide' ? 'hidden' : decision === 'restore' ? 'restored' : 'kept'}`,
        entityType: 'review',
        entityId: review.id,
        details: {
          technicianId: review.technicianId,
          serviceRequestId: review.serviceRequestId,
          ...(reason ? { reason } : {}),
        },
        ip,
      });
    });
    // The review as it is now, whether or not it still belongs in the queue (a restored
    // review with no reports and no flags does not).
    const [item] = await queue(reviewId);
    if (!item) throw new AppError(404, REVIEW_NOT_FOUND);
    return item;
  }

  async function queue(onlyId?: number): Promise<ModerationItem[]> {
    const rows = await q.moderationCandidates(app.db, QUEUE_LIMIT, onlyId);
    const ids = rows.map((r) => r.review.id);
    const [reports, paid] = await Promise.all([
      q.reportsOf(app.db, ids),
      paidJobs(
        app.db,
        rows.map((r) => r.review.serviceRequestId).filter((x): x is number => x !== null),
      ),
    ]);
    const items = rows.map(({ review: r, ...names }): ModerationItem => {
      const own = reports.filter((x) => x.reviewId === r.id);
      const decided = r.moderatedAt?.getTime() ?? -Infinity;
      const flags = r.flags as ReviewFlag[];
      return {
        id: r.id,
        rating: r.rating,
        comment: r.comment,
        createdAt: r.createdAt.toISOString(),
        reviewerName: shortName(names),
        technicianId: r.technicianId,
        technicianName: fullName({ firstName: names.techFirstName, lastName: names.techLastName }),
        reference: r.serviceRequestId === null ? null : formatReference(r.serviceRequestId),
        verified: r.serviceRequestId !== null && paid.has(r.serviceRequestId),
        flags,
        reports: own.map((x) => ({
          reason: x.reason,
          reporterName: shortName(x, 'User'),
          reporterRole: x.role,
          createdAt: x.createdAt.toISOString(),
        })),
        hidden: r.hiddenAt ? { at: r.hiddenAt.toISOString(), reason: r.hiddenReason ?? '' } : null,
        moderatedAt: r.moderatedAt?.toISOString() ?? null,
        needsAttention:
          r.hiddenAt === null &&
          (own.some((x) => x.createdAt.getTime() > decided) ||
            (flags.length > 0 && r.moderatedAt === null)),
      };
    });
    // What needs a look first, then what is shown, then hidden; newest first within each.
    const rank = (x: ModerationItem) => (x.needsAttention ? 0 : x.hidden ? 2 : 1);
    return items.sort((a, b) => rank(a) - rank(b) || b.id - a.id);
  }

  return {
    queue,

    async report(reviewId: number, user: SessionUser, reason: string): Promise<ReviewReport> {
      if (user.role !== 'customer' && user.role !== 'technician')
        throw new AppError(403, ONLY_CUSTOMERS_AND_TECHNICIANS);
      const review = await q.findVisibleReview(app.db, reviewId);
      if (!review) throw new AppError(404, REVIEW_NOT_FOUND);
      const wait = await reportsByUser.consume(String(user.id));
      if (wait > 0) throw tooManyAttempts('Too many reports', wait);
      return app.db.transaction(async (tx) => {
        const row = await q.insertReport(tx, {
          reviewId,
          reporterUserId: user.id,
          reason,
          createdAt: app.clock(),
        });
        if (!row) throw new AppError(409, ALREADY_REPORTED);
        await audit(tx, user, {
          action: 'review.reported',
          entityType: 'review',
          entityId: reviewId,
          details: { technicianId: review.technicianId, reportId: row.id },
        });
        return {
          id: row.id,
          reviewId: row.reviewId,
          reason: row.reason,
          createdAt: row.createdAt.toISOString(),
        };
      });
    },

    hide: (id: number, admin: SessionUser, reason: string, ip: string) =>
      decide(id, admin, 'hide', reason, ip),
    restore: (id: number, admin: SessionUser, ip: string) => decide(id, admin, 'restore', null, ip),
    keep: (id: number, admin: SessionUser, ip: string) => decide(id, admin, 'keep', null, ip),
  };
}
