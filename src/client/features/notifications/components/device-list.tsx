import { formatCalendarDate } from '../../../lib/dates';
import { Smartphone } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useDeletePushSubscription } from '../api/delete-push-subscription';
import { usePushSubscriptions } from '../api/list-push-subscriptions';

const day = (iso: string) => formatCalendarDate(iso);

/** The technician's devices that receive push, each with 'Remove'. */
export function DeviceList() {
  const devices = usePushSubscriptions();
  const remove = useDeletePushSubscription();
  const [error, setError] = useState<string | null>(null);

  return (
    <section aria-labelledby="push-devices-heading" className="space-y-3">
      <h3 id="push-devices-heading" className="text-sm font-semibold text-slate-800">
        Devices with push notifications
      </h3>
      {devices.isLoading ? (
        <Skeleton className="h-12" />
      ) : devices.isError ? (
        <p className="text-sm text-red-700">Your devices could not be loaded.</p>
      ) : !devices.data?.length ? (
        <p className="text-sm text-slate-600">
          No devices yet. Turn on push on the Job Notifications page of each phone or computer.
        </p>
      ) : (
        <ul className="divide-y rounded-md border">
          {devices.data.map((d) => {
            const label = d.deviceLabel || 'Unnamed device';
            return (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div className="min-w-0">
                  <p className="flex items-center gap-2 text-sm font-medium">
                    <Smartphone className="h-4 w-4 shrink-0" aria-hidden="true" />
                    <span className="truncate">{label}</span>
                  </p>
                  <p className="text-xs text-slate-600">
                    Added {day(d.createdAt)}
                    {d.lastSuccessAt && ` · last alert ${day(d.lastSuccessAt)}`}
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Remove ${label}`}
                  disabled={remove.isPending}
                  onClick={() => {
                    setError(null);
                    remove.mutate(d.id, {
                      onError: (err) =>
                        setError(
                          errorMessage(err, 'Could not remove the device. Please try again.'),
                        ),
                    });
                  }}
                >
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </section>
  );
}
