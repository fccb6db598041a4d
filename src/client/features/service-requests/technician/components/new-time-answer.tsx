import { useState } from 'react';
import { formatWindow } from '@shared/service-time';
import type { ServiceRequestDetail } from '@shared/schemas/service-request-views';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { FormError, reportActionError } from '../../../../components/ui/form-error';
import { useServiceRequestMove } from '../../api/move-service-request';

/**
 * The customer asked to move a confirmed visit (ADR 043): accepting books the new time (refused
 * when it collides with the technician's hours, time off or another booking); keeping the
 * current time tells the customer so.
 */
export function NewTimeAnswer({ job }: { job: ServiceRequestDetail }) {
  const move = useServiceRequestMove({ reference: job.reference });
  const [error, setError] = useState<string | null>(null);
  if (!job.newTime) return null;
  const answer = (m: 'accept_new_time' | 'decline_new_time') => {
    setError(null);
    move.mutate(
      { move: m },
      {
        onError: (err) =>
          setError(reportActionError(err, 'Could not answer the new time', 'Please try again.')),
      },
    );
  };
  return (
    <Card role="region" aria-labelledby="new-time-answer-heading">
      <CardHeader>
        <CardTitle id="new-time-answer-heading">New time asked for</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <p data-testid="new-time">
          The customer asks to move the visit to{' '}
          <strong>{formatWindow(job.newTime.start, job.newTime.end)}</strong>
          {job.window ? ` (now ${formatWindow(job.window.start, job.window.end)})` : ''}.
        </p>
        <div className="grid gap-2 sm:grid-cols-2">
          {job.actions.includes('accept_new_time') && (
            <Button disabled={move.isPending} onClick={() => answer('accept_new_time')}>
              Accept new time
            </Button>
          )}
          {job.actions.includes('decline_new_time') && (
            <Button
              variant="outline"
              disabled={move.isPending}
              onClick={() => answer('decline_new_time')}
            >
              Keep the current time
            </Button>
          )}
        </div>
        <FormError message={error} />
      </CardContent>
    </Card>
  );
}
