import { useState, type FormEvent } from 'react';
import { MAX_REVIEW_CHARS } from '@shared/service-request-rules';
import type { RepliedReview } from '@shared/schemas/reviews';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/form';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { FormError, useFormError } from '../../../components/ui/form-error';
import { notify } from '../../../lib/toast';
import { useSaveReply } from '../api/save-reply';
import { focusFirstError } from '../../../lib/focus-first-error';

/**
 * The reviewed technician's one public reply: a 'Reply' button (or 'Edit reply' once there is
 * one) that opens a short form under the review.
 */
export function ReviewReplyForm({
  reviewId,
  reply,
  onSaved,
}: {
  reviewId: number;
  reply: string | null;
  onSaved?: (review: RepliedReview) => void;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(reply ?? '');
  const [error, setError] = useState<string>();
  // The server's refusal (a limit, a conflict) by Post reply until the next try.
  const failure = useFormError();
  const save = useSaveReply();
  const id = `reply-${reviewId}`;

  if (!open)
    return (
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          setText(reply ?? '');
          setError(undefined);
          failure.clear();
          setOpen(true);
        }}
      >
        {reply ? 'Edit reply' : 'Reply'}
      </Button>
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    failure.clear();
    const value = text.trim();
    if (!value) {
      focusFirstError(e.currentTarget);
      return setError('Please write a reply');
    }
    if (value.length > MAX_REVIEW_CHARS)
      return setError(`Reply must be at most ${MAX_REVIEW_CHARS} characters`);
    setError(undefined);
    save.mutate(
      { reviewId, body: { reply: value } },
      {
        onSuccess: (saved) => {
          notify({ title: reply ? 'Reply updated' : 'Reply posted' });
          setOpen(false);
          onSaved?.(saved);
        },
        onError: (err) => failure.report(err, 'Failed to post your reply. Please try again.'),
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-2" noValidate aria-label="Reply to review">
      <Label htmlFor={id}>Your public reply</Label>
      <Textarea
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={!!error}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        autoFocus
      />
      <p id={`${id}-count`} className="text-right text-xs text-slate-500">
        {text.trim().length}/{MAX_REVIEW_CHARS}
      </p>
      <FieldError id={`${id}-error`} message={error} />
      <FormError id={failure.id} message={failure.message} />
      <div className="flex gap-2">
        <Button
          type="submit"
          size="sm"
          disabled={save.isPending}
          aria-describedby={failure.describedBy}
        >
          {save.isPending ? 'Posting...' : reply ? 'Update reply' : 'Post reply'}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
