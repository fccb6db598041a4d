import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent } from '../../../../components/ui/card';
import type { ServiceRequestDetail } from '../../api/get-service-request';
import type { ServiceRequestRef } from '../../api/keys';
import { useServiceRequestMove } from '../../api/move-service-request';
import { windowIcsUrl } from '../api/text-updates';
import { formatDateTime, formatWindow } from '../format';
import { FormError, reportActionError } from '../../../../components/ui/form-error';
import { NewTime } from './new-time';

/** The technician's proposed arrival window; the customer confirms or declines it. */
export function ArrivalWindow({ job, req }: { job: ServiceRequestDetail; req: ServiceRequestRef }) {
  const move = useServiceRequestMove(req);
  const [error, setError] = useState<string | null>(null);
  const win = job.window;
  const canAnswer =
    job.actions.includes('confirm_window') || job.actions.includes('decline_window');
  if (!win) {
    if (job.status !== 'accepted') return null;
    return (
      <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
        Your technician will propose an arrival window shortly.
      </p>
    );
  }
  const answer = (m: 'confirm_window' | 'decline_window') => {
    setError(null);
    move.mutate(
      { move: m },
      {
        onError: (err) =>
          setError(
            reportActionError(
              err,
              m === 'confirm_window'
                ? 'Could not confirm the window'
                : 'Could not decline the window',
              'Please try again.',
            ),
          ),
      },
    );
  };
  return (
    <Card aria-labelledby="window-heading">
      <CardContent className="space-y-3 pt-6">
        <h2 id="window-heading" className="flex items-center gap-2 font-semibold">
          <CalendarClock className="h-5 w-5 text-primary" aria-hidden="true" />
          {win.confirmedAt ? 'Arrival window' : 'Proposed arrival window'}
        </h2>
        <p className="text-lg" data-testid="arrival-window">
          {formatWindow(win.start, win.end)}
        </p>
        {win.confirmedAt && (
          <>
            <p className="text-sm text-green-700">Confirmed {formatDateTime(win.confirmedAt)}</p>
            <a
              className="text-sm font-medium text-primary underline"
              href={windowIcsUrl(req)}
              download
            >
              Add to calendar (.ics)
            </a>
            <NewTime job={job} req={req} />
          </>
        )}
        {canAnswer && !win.confirmedAt && (
          <div className="grid grid-cols-2 gap-2">
            {job.actions.includes('confirm_window') && (
              <Button disabled={move.isPending} onClick={() => answer('confirm_window')}>
                Confirm window
              </Button>
            )}
            {job.actions.includes('decline_window') && (
              <Button
                variant="outline"
                disabled={move.isPending}
                onClick={() => answer('decline_window')}
              >
                Decline window
              </Button>
            )}
          </div>
        )}
        <FormError message={error} />
      </CardContent>
    </Card>
  );
}
