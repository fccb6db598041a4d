import { useState } from 'react';
import { WIDEN_DISTANCE_MILES } from '@shared/service-request-rules';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent } from '../../../../components/ui/card';
import type { ServiceRequestDetail } from '../../api/get-service-request';
import type { ServiceRequestRef } from '../../api/keys';
import { useServiceRequestMove } from '../../api/move-service-request';
import { FormError, reportActionError } from '../../../../components/ui/form-error';

/**
 * Dispatch ended without a taker: say what really happened (offered to how many, or to nobody
 * because no one was available), and offer to try again, further away if wanted.
 */
export function UnmatchedPanel({
  job,
  req,
}: {
  job: ServiceRequestDetail;
  req: ServiceRequestRef;
}) {
  const current = job.dispatch.maxDistanceMiles;
  const initial = WIDEN_DISTANCE_MILES.find((m) => current === null || m > current);
  const [miles, setMiles] = useState<number>(initial ?? WIDEN_DISTANCE_MILES[0]);
  const [error, setError] = useState<string | null>(null);
  const move = useServiceRequestMove(req);
  const canRetry = job.actions.includes('retry_dispatch');
  const offered = job.dispatch.notifiedTotal;
  const within = current ? ` within ${current} miles` : '';
  return (
    <Card className="border-red-200 bg-red-50" aria-labelledby="unmatched-heading">
      <CardContent className="space-y-3 pt-6">
        <h2 id="unmatched-heading" className="font-semibold text-red-900">
          No technician accepted your request
        </h2>
        <p className="text-sm text-red-900" data-testid="unmatched-explanation">
          {offered > 0
            ? `We offered it to ${offered} nearby ${offered === 1 ? 'technician' : 'technicians'}${within}, and nobody accepted in time.`
            : `No technician${within} was available to take it, so nobody could be offered it.`}{' '}
          You can try again; reaching technicians further away improves the chances.
        </p>
        {canRetry && (
          <>
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-red-900">
                Look for technicians within
              </legend>
              <div className="flex flex-wrap gap-2">
                {WIDEN_DISTANCE_MILES.map((m) => (
                  <label
                    key={m}
                    className="flex min-h-10 cursor-pointer items-center gap-2 rounded-md border border-red-200 bg-white px-3 text-sm"
                  >
                    <input
                      type="radio"
                      name="widen-distance"
                      className="size-6 shrink-0 accent-primary sm:size-5"
                      value={m}
                      checked={miles === m}
                      onChange={() => setMiles(m)}
                    />
                    {m} miles
                  </label>
                ))}
              </div>
            </fieldset>
            <Button
              disabled={move.isPending}
              onClick={() => {
                setError(null);
                move.mutate(
                  { move: 'retry_dispatch', maxDistanceMiles: miles },
                  {
                    onError: (err) =>
                      setError(reportActionError(err, 'Could not try again', 'Please try again.')),
                  },
                );
              }}
            >
              {move.isPending ? 'Trying again...' : 'Try again'}
            </Button>
            <FormError message={error} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
