import { Star } from 'lucide-react';
import { useState } from 'react';
import { MAX_REVIEW_CHARS } from '@shared/jobs';
import { reviewInputSchema } from '@shared/schemas/jobs';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { StarRating } from '../../../components/ui/star-rating';
import { Textarea } from '../../../components/ui/textarea';
import { formatCalendarDate } from '../../../lib/dates';
import { notify } from '../../../lib/toast';
import type { JobDetail } from '../api/get-request';
import type { RequestRef } from '../api/keys';
import { useSaveReview } from '../api/save-review';
import { ActionError, reportActionError } from './action-error';

/**
 * After completion: the customer's review of the job (1-5 stars, optional text), editable for a
 * while. A self-contained form posting to PUT /api/service-requests/:reference/review.
 */
export function ReviewSection({ job, req }: { job: JobDetail; req: RequestRef }) {
  const review = job.review;
  const [editing, setEditing] = useState(false);
  const [rating, setRating] = useState(review?.rating ?? 0);
  const [comment, setComment] = useState(review?.comment ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveReview(req);
  if (job.status !== 'completed' || (!review && !job.canReview)) return null;
  // The server says whether this viewer may write or still edit the review now.
  const editable = job.canReview;
  const showForm = editable && (!review || editing);

  const submit = () => {
    const parsed = reviewInputSchema.safeParse({ rating, comment: comment.trim() || null });
    if (!parsed.success)
      return setError(parsed.error.issues[0]?.message ?? 'Please check the review');
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: () => {
        notify({ title: review ? 'Review updated' : 'Thank you for your review!' });
        setEditing(false);
      },
      onError: (err) => setError(reportActionError(err, 'Review not saved', 'Please try again.')),
    });
  };

  return (
    <Card aria-labelledby="review-heading">
      <CardHeader>
        <CardTitle id="review-heading">Your review</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {review && !showForm && (
          <div className="space-y-2" data-testid="job-review">
            <StarRating rating={review.rating} size={20} />
            {review.comment && (
              <p className="whitespace-pre-line text-slate-700">{review.comment}</p>
            )}
            {review.reply && (
              <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
                <span className="font-semibold">Technician's reply: </span>
                {review.reply}
              </p>
            )}
            {editable && (
              <Button variant="outline" onClick={() => setEditing(true)}>
                Edit review
              </Button>
            )}
          </div>
        )}
        {showForm && (
          <form
            className="space-y-4"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <fieldset>
              <legend className="text-sm font-medium text-slate-800">Rating</legend>
              <div className="mt-1 flex gap-1">
                {[1, 2, 3, 4, 5].map((n) => (
                  <label key={n} className="cursor-pointer p-1">
                    <input
                      type="radio"
                      name="review-rating"
                      value={n}
                      className="peer sr-only"
                      checked={rating === n}
                      onChange={() => setRating(n)}
                      aria-label={`${n} ${n === 1 ? 'star' : 'stars'}`}
                    />
                    <Star
                      aria-hidden="true"
                      className={`h-8 w-8 rounded peer-focus-visible:ring-2 peer-focus-visible:ring-primary ${n <= rating ? 'fill-amber-400 text-amber-400' : 'text-slate-300'}`}
                    />
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="space-y-1.5">
              <Label htmlFor="review-comment">Your review (optional)</Label>
              <Textarea
                id="review-comment"
                value={comment}
                maxLength={MAX_REVIEW_CHARS}
                aria-describedby="review-comment-count"
                onChange={(e) => setComment(e.target.value)}
              />
              <p id="review-comment-count" className="text-right text-xs text-slate-500">
                {comment.length}/{MAX_REVIEW_CHARS}
              </p>
            </div>
            <ActionError message={error} />
            <Button type="submit" className="w-full" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : review ? 'Update review' : 'Submit review'}
            </Button>
          </form>
        )}
        {review && editable && (
          <p className="text-xs text-slate-500">
            You can edit your review until {formatCalendarDate(review.editableUntil)}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
