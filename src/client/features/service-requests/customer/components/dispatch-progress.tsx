import { Radar } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '../../../../components/ui/card';
import type { ServiceRequestDetail } from '../../api/get-service-request';

/**
 * While the request is offered to technicians: the round, the time left in it (`countdown`, a
 * ticking element the screen composes in) and how many technicians can answer now.
 */
export function DispatchProgress({
  dispatch,
  countdown,
}: {
  dispatch: ServiceRequestDetail['dispatch'];
  countdown: ReactNode;
}) {
  const n = dispatch.notifiedNow;
  const first = dispatch.firstChoice;
  return (
    <Card className="border-amber-300 bg-amber-50" aria-labelledby="dispatch-heading">
      <CardContent className="space-y-2 pt-6">
        <h2 id="dispatch-heading" className="flex items-center gap-2 font-semibold text-amber-900">
          <Radar className="h-5 w-5 animate-pulse" aria-hidden="true" />
          Finding a technician
        </h2>
        {first ? (
          // The exclusive offer to the technician the customer chose on their profile.
          <>
            <p className="text-sm font-medium text-amber-900" data-testid="first-choice">
              Your request is with {first.name} first.
            </p>
            {dispatch.roundEndsAt && (
              <p className="text-sm text-amber-900">
                Time left for them to answer:{' '}
                <span className="font-mono font-semibold">{countdown}</span>
              </p>
            )}
            <p className="text-xs text-amber-800">
              If they pass or don't answer in time, we offer it to other qualified technicians
              nearby. This page updates by itself.
            </p>
          </>
        ) : (
          <>
            <p className="text-sm font-medium text-amber-900">
              Round {Math.max(1, dispatch.round)} of {dispatch.rounds}
            </p>
            {dispatch.roundEndsAt && (
              <p className="text-sm text-amber-900">
                Time left in this round:{' '}
                <span className="font-mono font-semibold">{countdown}</span>
              </p>
            )}
            <p className="text-sm text-amber-900" data-testid="notified-now">
              {n} {n === 1 ? 'technician' : 'technicians'} notified
            </p>
            <p className="text-xs text-amber-800">
              Nearby technicians have 5 minutes to accept. This page updates by itself.
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
