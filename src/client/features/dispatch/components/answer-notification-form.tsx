import { Clock } from 'lucide-react';
import type { JobNotification } from '@shared/schemas/dispatch';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import type { useAnswerNotification } from '../api/answer-notification';
import { countdown } from '../countdown';

/**
 * The countdown, the optional decline reason and the Accept / Decline buttons. The mutations
 * come from the dialog, which stays mounted: an answered job stops being answerable (this form
 * unmounts) before the answer's toast and close run.
 */
export function AnswerNotificationForm({
  answer: { accept, decline },
  notification: n,
  now,
  reason,
  onReasonChange,
  onDone,
}: {
  answer: ReturnType<typeof useAnswerNotification>;
  notification: JobNotification;
  now: number;
  reason: string;
  onReasonChange: (reason: string) => void;
  onDone: () => void;
}) {
  const busy = accept.isPending || decline.isPending;
  // The failed answer's server message stays by the buttons (the mutations outlive a toast, and
  // the next answer resets them).
  const failure = accept.isError
    ? errorMessage(accept.error, 'Failed to accept job. Please try again.')
    : decline.isError
      ? errorMessage(decline.error, 'Failed to decline job. Please try again.')
      : null;
  const describedBy = failure ? `answer-error-${n.id}` : undefined;

  return (
    <div className="space-y-3">
      <p className="flex items-center gap-1 text-sm font-medium text-amber-700">
        <Clock className="h-4 w-4" aria-hidden="true" />
        {countdown(n.expiresAt, now)} left to respond
      </p>
      <div className="space-y-1.5">
        <Label htmlFor="decline-reason">Decline reason (optional)</Label>
        <Textarea
          id="decline-reason"
          rows={2}
          value={reason}
          onChange={(e) => onReasonChange(e.target.value)}
        />
      </div>
      <div className="flex justify-end gap-2">
        <Button
          variant="outline"
          disabled={busy}
          aria-describedby={describedBy}
          onClick={() => {
            accept.reset();
            decline.mutate(
              { id: n.id, declineReason: reason },
              {
                onSuccess: () => {
                  notify({
                    title: 'Job Declined',
                    description: 'The request will go to other technicians.',
                  });
                  onDone();
                },
                onError: (err) =>
                  notify({
                    title: 'Failed to decline job. Please try again.',
                    description: errorMessage(err, ''),
                    variant: 'destructive',
                  }),
              },
            );
          }}
        >
          {decline.isPending ? 'Declining...' : 'Decline'}
        </Button>
        <Button
          id={acceptButtonId(n.id)}
          disabled={busy}
          aria-describedby={describedBy}
          onClick={() => {
            decline.reset();
            accept.mutate(n.id, {
              onSuccess: () => {
                notify({
                  title: 'Job Accepted!',
                  description: 'The customer has your contact details.',
                });
                onDone();
              },
              onError: (err) =>
                notify({
                  title: 'Failed to accept job. Please try again.',
                  description: errorMessage(err, ''),
                  variant: 'destructive',
                }),
            });
          }}
        >
          {accept.isPending ? 'Accepting...' : 'Accept Job'}
        </Button>
      </div>
      <FormError id={`answer-error-${n.id}`} message={failure} />
    </div>
  );
}

/** The Accept Job button's id, where the offer's dialog puts focus first. */
export const acceptButtonId = (notificationId: number) => `accept-job-${notificationId}`;
