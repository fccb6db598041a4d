import { Bell, Clock, MapPin } from 'lucide-react';
import type { JobNotification } from '@shared/schemas/dispatch';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { countdown } from '../countdown';
import { distanceSuffix } from '../distance';
import { UrgencyBadge } from './urgency-badge';

/** The notifications still waiting for an answer, each with its countdown. */
export function PendingNotifications({
  items,
  isLoading,
  now,
  onOpen,
}: {
  items: JobNotification[];
  isLoading: boolean;
  now: number;
  onOpen: (id: number) => void;
}) {
  return (
    <section aria-labelledby="pending-heading" className="mb-10">
      <h2 id="pending-heading" className="mb-4 flex items-center gap-2 text-xl font-semibold">
        <Bell className="h-5 w-5" aria-hidden="true" /> Pending ({items.length})
      </h2>
      {isLoading ? (
        <Skeleton className="h-32" />
      ) : items.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-slate-500">
          No pending job notifications. New requests appear here as soon as they are sent.
        </p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          {items.map((n) => (
            <Card key={n.id} data-testid="pending-notification">
              <CardHeader className="flex flex-row items-start justify-between gap-3 space-y-0">
                <div>
                  <CardTitle className="text-lg">{n.serviceRequest.serviceType}</CardTitle>
                  <p className="mt-1 flex items-center gap-1 text-sm text-slate-600">
                    <MapPin className="h-4 w-4" aria-hidden="true" />
                    {n.serviceRequest.location}
                    {distanceSuffix(n.distanceMiles)}
                  </p>
                </div>
                <UrgencyBadge urgency={n.serviceRequest.urgency} />
              </CardHeader>
              <CardContent className="space-y-3">
                {n.round === 0 && (
                  // Round 0: the customer sent it from this technician's profile, to them alone.
                  <p className="text-sm font-medium text-blue-800">
                    The customer asked for you: only you have this request for now.
                  </p>
                )}
                <p className="line-clamp-2 text-sm text-slate-700">
                  {n.serviceRequest.description.split('\n')[0]}
                </p>
                <div className="flex items-center justify-between">
                  <span
                    className="flex items-center gap-1 text-sm font-medium text-amber-700"
                    aria-label="Time left to respond"
                  >
                    <Clock className="h-4 w-4" aria-hidden="true" />
                    {countdown(n.expiresAt, now)} left
                  </span>
                  <Button size="sm" onClick={() => onOpen(n.id)}>
                    View Details
                  </Button>
                </div>
              </CardContent>
            </Card>
          ))}
        </div>
      )}
    </section>
  );
}
