import { CheckCircle2, Play, Truck } from 'lucide-react';
import { useState } from 'react';
import { JOB_MOVE_LABELS, type JobMove } from '@shared/jobs';
import type { JobDetail } from '@shared/schemas/jobs';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormError, reportActionError, useFormError } from '../../../components/ui/form-error';
import { notify } from '../../../lib/toast';
import { useMoveJob } from '../api/move-job';
import { CancelJobDialog } from './cancel-job-dialog';
import { CompleteJobDialog } from './complete-job-dialog';

/** The moves that are one tap: the technician's next step on the way to completion. */
const STEPS = [
  { move: 'start_route', icon: Truck, done: 'The customer knows you are on your way.' },
  { move: 'start_work', icon: Play, done: 'Work started.' },
] as const satisfies readonly { move: JobMove; icon: unknown; done: string }[];

/** The state buttons for the moves the server allows this technician now. */
export function JobActions({ job }: { job: JobDetail }) {
  const move = useMoveJob(job.reference);
  const [completing, setCompleting] = useState(false);
  // The server's refusal stays under the buttons until the next move.
  const error = useFormError();
  const steps = STEPS.filter((s) => job.actions.includes(s.move));
  const canComplete = job.actions.includes('complete');
  const canCancel = job.actions.includes('cancel');
  if (steps.length === 0 && !canComplete && !canCancel) return null;

  const run = (m: JobMove, done: string) => {
    error.clear();
    move.mutate(
      { move: m },
      {
        onSuccess: () => notify({ title: JOB_MOVE_LABELS[m], description: done }),
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
            <Icon className="mr-2 h-4 w-4" aria-hidden="true" /> {JOB_MOVE_LABELS[m]}
          </Button>
        ))}
        {canComplete && (
          <Button size="lg" disabled={move.isPending} onClick={() => setCompleting(true)}>
            <CheckCircle2 className="mr-2 h-4 w-4" aria-hidden="true" /> {JOB_MOVE_LABELS.complete}
          </Button>
        )}
        {canCancel && <CancelJobDialog reference={job.reference} />}
        <div className="w-full">
          <FormError id={error.id} message={error.message} />
        </div>
      </CardContent>
      <CompleteJobDialog
        reference={job.reference}
        open={completing}
        onOpenChange={setCompleting}
        title="Mark this job completed?"
        description="The customer is told the job is done and asked for a review. Unpaid invoices stay open."
      />
    </Card>
  );
}
