import type { ReactNode } from 'react';
import { LIMITS } from '@shared/constants/domain';
import type { PublicReview } from '@shared/schemas/reviews';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { StarRating } from '../../../components/ui/star-rating';
import { formatCalendarDate } from '../../../lib/dates';
import type { TechnicianReviewsState } from '../use-technician-reviews';

/**
 * A public profile's 'Customer Reviews' card: each review with its stars, reviewer, the job's
 * service and date, the text and the technician's reply. `actions` adds controls under a
 * review (the technician's own 'Reply').
 */
export function TechnicianReviews({
  state: { isLoading, items, total, showAll, setShowAll, hasMore, loadMore, loadingMore },
  technicianName,
  actions,
}: {
  state: TechnicianReviewsState;
  technicianName: string;
  actions?: (review: PublicReview) => ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Customer Reviews</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {isLoading ? (
          <Skeleton className="h-20" />
        ) : total === 0 ? (
          <p className="text-slate-600">No reviews yet.</p>
        ) : (
          <>
            <ul className="divide-y" aria-label="Reviews">
              {items.map((r) => (
                <ReviewItem
                  key={r.id}
                  review={r}
                  technicianName={technicianName}
                  actions={actions?.(r)}
                />
              ))}
            </ul>
            {!showAll && total > LIMITS.profileReviewsShown && (
              <Button variant="outline" onClick={() => setShowAll(true)}>
                View All Reviews ({total})
              </Button>
            )}
            {showAll && (
              <div className="flex flex-wrap items-center gap-3">
                <p className="text-sm text-slate-600" aria-live="polite">
                  Showing {items.length} of {total} reviews
                </p>
                {hasMore && (
                  <Button variant="outline" size="sm" onClick={loadMore} disabled={loadingMore}>
                    {loadingMore ? 'Loading...' : 'Load more reviews'}
                  </Button>
                )}
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function ReviewItem({
  review: r,
  technicianName,
  actions,
}: {
  review: PublicReview;
  technicianName: string;
  actions?: ReactNode;
}) {
  return (
    <li className="space-y-1.5 py-3" data-testid="review">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <StarRating rating={r.rating} size={14} />
        <span className="font-medium text-slate-800">{r.reviewerName}</span>
        <time className="text-sm text-slate-500" dateTime={r.jobDate ?? r.createdAt}>
          {formatCalendarDate(r.jobDate ?? r.createdAt)}
        </time>
        {r.verified && (
          <Badge
            variant="outline"
            className="border-emerald-700 text-emerald-800"
            title="Paid through the platform"
          >
            Verified job
          </Badge>
        )}
      </div>
      {r.serviceType && <p className="text-sm text-slate-600">{r.serviceType}</p>}
      {r.comment && <p className="whitespace-pre-line text-slate-700">{r.comment}</p>}
      {r.reply && (
        <div className="ml-3 rounded-md border-l-4 border-brand-600 bg-slate-50 px-3 py-2">
          <p className="text-sm font-medium text-slate-800">Reply from {technicianName}</p>
          <p className="whitespace-pre-line text-sm text-slate-700">{r.reply}</p>
        </div>
      )}
      {actions}
    </li>
  );
}
