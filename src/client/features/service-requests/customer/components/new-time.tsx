import { useState } from 'react';
import { formatWindow } from '@shared/service-time';
import { Button } from '../../../../components/ui/button';
import { FormError, reportActionError } from '../../../../components/ui/form-error';
import { notify } from '../../../../lib/toast';
import type { ServiceRequestDetail } from '../../api/get-service-request';
import type { ServiceRequestRef } from '../../api/keys';
import { useServiceRequestMove } from '../../api/move-service-request';
import { useAvailability } from '../../form/api/get-availability';

/** How many of the technician's next free windows are offered. */
const SHOWN = 8;

/**
 * A confirmed visit moved by the customer (ADR 043): they pick one of their technician's next
 * free two-hour windows; the visit stays where it is until the technician accepts the new time.
 */
export function NewTime({ job, req }: { job: ServiceRequestDetail; req: ServiceRequestRef }) {
  const move = useServiceRequestMove(req);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const technicianId = job.technician?.id ?? null;
  const offered = useAvailability(job.serviceType, '', open ? technicianId : null);
  if (job.newTime)
    return (
      <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-testid="new-time">
        You asked to move the visit to {formatWindow(job.newTime.start, job.newTime.end)}. It stays
        at the current time until {job.technician?.name ?? 'your technician'} accepts.
      </p>
    );
  if (!job.actions.includes('request_new_time') || !technicianId) return null;
  if (!open)
    return (
      <Button variant="outline" onClick={() => setOpen(true)}>
        Ask for a new time
      </Button>
    );
  const windows = (offered.data ?? []).filter((w) => w.start !== job.window?.start).slice(0, SHOWN);
  const ask = (w: { start: string; end: string }) => {
    setError(null);
    move.mutate(
      { move: 'request_new_time', windowStart: w.start, windowEnd: w.end },
      {
        onSuccess: () => {
          setOpen(false);
          notify({
            title: 'New time asked for',
            description: 'Your technician is asked to accept it.',
          });
        },
        onError: (err) =>
          setError(reportActionError(err, 'Could not ask for the new time', 'Please try again.')),
      },
    );
  };
  return (
    <section aria-labelledby="new-time-heading" className="space-y-2">
      <h3 id="new-time-heading" className="text-sm font-semibold">
        Ask for a new time
      </h3>
      {offered.isPending ? (
        <p className="text-sm text-slate-600">Loading your technician&apos;s free times...</p>
      ) : windows.length === 0 ? (
        <p className="text-sm text-slate-600">
          Your technician has no other free window in the next weeks. You can message them.
        </p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {windows.map((w) => (
            <li key={w.start}>
              <Button
                variant="outline"
                className="h-auto w-full whitespace-normal py-2"
                disabled={move.isPending}
                onClick={() => ask(w)}
              >
                {formatWindow(w.start, w.end)}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Button variant="ghost" onClick={() => setOpen(false)}>
        Keep the current time
      </Button>
      <FormError message={error} />
    </section>
  );
}
