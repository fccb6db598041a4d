import { CheckCircle2, Play, Truck } from 'lucide-react';
import { useState } from 'react';
import {
  SERVICE_REQUEST_MOVE_LABELS,
  type ServiceRequestMove,
} from '@shared/service-request-rules';
import { formatWindow, isSettingOffFor } from '@shared/service-time';
import type { ServiceRequestDetail } from '@shared/schemas/service-request-views';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { FormError, reportActionError, useFormError } from '../../../../components/ui/form-error';
import { notify } from '../../../../lib/toast';
import { useServiceRequestMove } from '../../api/move-service-request';
import { CancelServiceRequestDialog } from './cancel-service-request-dialog';
import { CompleteServiceRequestDialog } from './complete-service-request-dialog';

/** The moves that are one tap: the technician's next step on the way to completion. */
const STEPS = [
  { move: 'start_route', icon: Truck, done: 'The customer knows you are on your way.' },
  { move: 'start_work', icon: Play, done: 'Work started.' },
] as const satisfies readonly { move: ServiceRequestMove; icon: unknown; done: string }[];

/** The state buttons for the moves the server allows this technician now. */
export function ServiceRequestActions({ job }: { job: ServiceRequestDetail }) {
  const move = useServiceRequestMove({ reference: job.reference });
  const [completing, setCompleting] = useState(false);
  // 'On my way' before the window's day (or hours early) asks first: the customer is told now.
  const [early, setEarly] = useState(false);
  // The server's refusal stays under the buttons until the next move.
  const error = useFormError();
  const steps = STEPS.filter((s) => job.actions.includes(s.move));
  const canComplete = job.actions.includes('complete');
  const canCancel = job.actions.includes('cancel');
  if (steps.length === 0 && !canComplete && !canCancel) return null;

  const setOffEarly =
    job.window !== null && !isSettingOffFor(job.window, new Date()) ? job.window : null;

  const run = (m: ServiceRequestMove, done: string) => {
    if (m === 'start_route' && setOffEarly && !early) {
      setEarly(true);
      return;
    }
    setEarly(false);
    error.clear();
    move.mutate(
      { move: m },
      {
        onSuccess: () => notify({ title: SERVICE_REQUEST_MOVE_LABELS[m], description: done }),
        onError: (err) =>
          error.report(
            null,
            reportActionError(err, 'Error', 'Failed to update the job. Please try again.'),
          ),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Next step</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        {job.status === 'accepted' && (
          <p className="w-full text-sm text-slate-600">
            {job.window
              ? 'Waiting for the customer to confirm your arrival window.'
              : 'Propose an arrival window: once the customer confirms it, you can set off.'}
          </p>
        )}
        {steps.map(({ move: m, icon: Icon, done }) => (
          <Button
            key={m}
            size="lg"
            disabled={move.isPending}
            aria-describedby={error.describedBy}
            onClick={() => run(m, done)}
          >
            <Icon className="mr-2 h-4 w-4" aria-hidden="true" /> {SERVICE_REQUEST_MOVE_LABELS[m]}
          </Button>
        ))}
        {early && setOffEarly && (
          <div
            role="alertdialog"
            aria-labelledby="early-title"
            className="w-full space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          >
            <p id="early-title">
              Your arrival window is {formatWindow(setOffEarly.start, setOffEarly.end)}. Tell the
              customer you are on your way now?
            </p>
            <div className="flex gap-2">
              <Button
                size="sm"
                onClick={() => run('start_route', STEPS[0].done)}
                disabled={move.isPending}
              >
                Yes, I'm on my way now
              </Button>
              <Button size="sm" variant="outline" onClick={() => setEarly(false)}>
                Not yet
              </Button>
            </div>
          </div>
        )}
        {canComplete && (
          <Button size="lg" disabled={move.isPending} onClick={() => setCompleting(true)}>
            <CheckCircle2 className="mr-2 h-4 w-4" aria-hidden="true" />{' '}
            {SERVICE_REQUEST_MOVE_LABELS.complete}
          </Button>
        )}
        {canCancel && <CancelServiceRequestDialog reference={job.reference} />}
        <div className="w-full">
          <FormError id={error.id} message={error.message} />
        </div>
      </CardContent>
      <CompleteServiceRequestDialog
        reference={job.reference}
        open={completing}
        onOpenChange={setCompleting}
        title="Mark this job completed?"
        description="The customer is told the job is done and asked for a review. Unpaid invoices stay open."
      />
    </Card>
  );
}
