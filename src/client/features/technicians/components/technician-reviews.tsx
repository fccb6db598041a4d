import { LIMITS } from '@shared/constants/domain';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { StarRating } from '../../../components/ui/star-rating';
import type { TechnicianReviewsState } from '../use-technician-reviews';

/** A public profile's 'Customer Reviews' card. */
export function TechnicianReviews({
  state: { reviews, total, pages, page, setPage, showAll, setShowAll },
}: {
  state: TechnicianReviewsState;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Customer Reviews</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {reviews.isLoading ? (
          <Skeleton className="h-20" />
        ) : total === 0 ? (
          <p className="text-slate-600">No reviews yet.</p>
        ) : (
          <>
            <ul className="divide-y">
              {reviews.data?.items.map((r) => (
                <li key={r.id} className="space-y-1 py-3">
                  <div className="flex items-center gap-2">
                    <StarRating rating={r.rating} size={14} />
                    <time className="text-sm text-slate-500" dateTime={r.createdAt}>
                      {new Date(r.createdAt).toLocaleDateString()}
                    </time>
                  </div>
                  {r.comment && <p className="text-slate-700">{r.comment}</p>}
                </li>
              ))}
            </ul>
            {!showAll && total > LIMITS.profileReviewsShown && (
              <Button variant="outline" onClick={() => setShowAll(true)}>
                View All Reviews ({total})
              </Button>
            )}
            {showAll && pages > 1 && (
              <nav aria-label="Reviews pages" className="flex items-center gap-3">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page <= 1}
                  onClick={() => setPage(page - 1)}
                >
                  Previous
                </Button>
                <span className="text-sm text-slate-600">
                  Page {page} of {pages}
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page >= pages}
                  onClick={() => setPage(page + 1)}
                >
                  Next
                </Button>
              </nav>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
