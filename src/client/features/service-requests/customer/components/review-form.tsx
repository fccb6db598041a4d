import { useState, type FormEvent } from 'react';
import { MAX_REVIEW_CHARS, REVIEW_EDIT_DAYS } from '@shared/service-request-rules';
import type { ServiceRequestReview } from '@shared/schemas/service-request-views';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { FieldError } from '../../../../components/ui/form';
import { Label } from '../../../../components/ui/label';
import { StarRating } from '../../../../components/ui/star-rating';
import { Textarea } from '../../../../components/ui/textarea';
import { FormError, useFormError } from '../../../../components/ui/form-error';
import { formatCalendarDate } from '../../../../lib/dates';
import { notify } from '../../../../lib/toast';
import { useSaveReview } from '../api/save-review';
import { StarInput } from './star-input';
import { TechnicianReply } from './technician-reply';
import { focusFirstError } from '../../../../lib/focus-first-error';

const RATING_MESSAGE = 'Please choose a rating from 1 to 5 stars';

/**
 * The customer's review of a completed job: 1-5 stars and optional text. Writes it, or edits
 * it until `review.editableUntil`; after that it shows the review as written. Self-contained:
 * `token` is the request's signed link for guests; `onSaved` gets the saved review.
 */
export function ReviewForm({
  reference,
  token,
  review: given,
  canEdit = true,
  onSaved,
}: {
  reference: string;
  token?: string;
  review: ServiceRequestReview | null;
  /** False when this viewer may not write or edit it (the server's canReview). */
  canEdit?: boolean;
  onSaved?: (review: ServiceRequestReview) => void;
}) {
  // The last review this form saved, until the parent passes a newer one.
  const [saved, setSaved] = useState<ServiceRequestReview | null>(null);
  const review = latest(given, saved);
  const [rating, setRating] = useState<number | null>(review?.rating ?? null);
  const [comment, setComment] = useState(review?.comment ?? '');
  const [errors, setErrors] = useState<{ rating?: string; comment?: string }>({});
  // The server's refusal (a limit, the edit window closed) by the button until the next try.
  const failure = useFormError();
  const save = useSaveReview();
  // When the form opened; the server has the last word on the edit window.
  const [openedAt] = useState(() => Date.now());
  const editable = canEdit && (!review || openedAt < Date.parse(review.editableUntil));
  const id = `review-${reference}`;

  if (review && !editable) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Your review</CardTitle>
        </CardHeader>
        <CardContent className="space-y-2">
          <StarRating rating={review.rating} size={18} />
          {review.comment && <p className="whitespace-pre-line text-slate-700">{review.comment}</p>}
          {canEdit && (
            <p className="text-sm text-slate-500">
              Reviews can be edited for {REVIEW_EDIT_DAYS} days after they are written.
            </p>
          )}
          {review.reply && <TechnicianReply reply={review.reply} />}
        </CardContent>
      </Card>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    failure.clear();
    const errs: typeof errors = {};
    if (rating === null) errs.rating = RATING_MESSAGE;
    if (comment.trim().length > MAX_REVIEW_CHARS)
      errs.comment = `Review must be at most ${MAX_REVIEW_CHARS} characters`;
    setErrors(errs);
    if (errs.rating || errs.comment) return focusFirstError(e.currentTarget);
    save.mutate(
      { reference, token, body: { rating: rating!, comment: comment.trim() || null } },
      {
        onSuccess: (result) => {
          notify({ title: review ? 'Review updated' : 'Thank you for your review!' });
          setSaved(result);
          setComment(result.comment ?? '');
          onSaved?.(result);
        },
        onError: (err) => failure.report(err, 'Failed to save your review. Please try again.'),
      },
    );
  };

  const length = comment.trim().length;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{review ? 'Your review' : 'Review your technician'}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="space-y-4" noValidate aria-label="Review">
          <div className="space-y-1.5">
            <p className="text-sm font-medium" id={`${id}-rating-label`}>
              Your rating
            </p>
            <StarInput
              name={`${id}-rating`}
              value={rating}
              onChange={(n) => {
                setRating(n);
                setErrors((x) => ({ ...x, rating: undefined }));
              }}
              invalid={!!errors.rating}
              labelledBy={`${id}-rating-label`}
              describedBy={errors.rating ? `${id}-rating-error` : undefined}
            />
            <FieldError id={`${id}-rating-error`} message={errors.rating} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-comment`}>Your review (optional)</Label>
            <Textarea
              id={`${id}-comment`}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              placeholder="How did it go?"
              aria-invalid={!!errors.comment}
              aria-describedby={`${id}-comment-count${errors.comment ? ` ${id}-comment-error` : ''}`}
            />
            <p
              id={`${id}-comment-count`}
              className={`text-right text-xs ${length > MAX_REVIEW_CHARS ? 'text-destructive' : 'text-slate-500'}`}
            >
              {length}/{MAX_REVIEW_CHARS}
            </p>
            <FieldError id={`${id}-comment-error`} message={errors.comment} />
          </div>
          {review && (
            <p className="text-sm text-slate-600">
              You can edit your review until {formatCalendarDate(review.editableUntil)}
            </p>
          )}
          <FormError id={failure.id} message={failure.message} />
          <Button type="submit" disabled={save.isPending} aria-describedby={failure.describedBy}>
            {save.isPending ? 'Saving...' : review ? 'Update review' : 'Submit review'}
          </Button>
          {review?.reply && <TechnicianReply reply={review.reply} />}
        </form>
      </CardContent>
    </Card>
  );
}

function latest(
  a: ServiceRequestReview | null,
  b: ServiceRequestReview | null,
): ServiceRequestReview | null {
  if (!a || !b) return a ?? b;
  return Date.parse(b.updatedAt) > Date.parse(a.updatedAt)
    ? { ...b, reply: a.reply ?? b.reply }
    : a;
}
