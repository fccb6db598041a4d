import { Navigation } from 'lucide-react';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { Card, CardContent } from '../../../../components/ui/card';
import { Skeleton } from '../../../../components/ui/skeleton';
import { useMapConfig } from '../../../../lib/api/get-map-config';
import { formatTimestamp } from '../../../../lib/dates';
import type { ServiceRequestDetail } from '../../api/get-service-request';

// Leaflet loads only here, after mount, and only when there is a position to show.
const ArrivalMap = lazy(() => import('./arrival-map'));

const noSubscription = () => () => {};
const isBrowser = () => true;
const isServer = () => false;
const mapSkeleton = <Skeleton className="h-56 w-full" aria-label="Loading map" />;

/**
 * The technician on the way (ADR 045): when they arrive, from where they are when they share it
 * (on a small map), else from the distance from their base. The same figure as the text.
 */
export function OnTheWay({ job }: { job: ServiceRequestDetail }) {
  const mounted = useSyncExternalStore(noSubscription, isBrowser, isServer);
  const a = job.arrival;
  const position = a?.position ?? null;
  const config = useMapConfig(!!position);
  if (!a) return null;
  const name = job.technician?.name ?? 'Your technician';
  const destination =
    job.latitude !== null && job.longitude !== null
      ? { latitude: job.latitude, longitude: job.longitude }
      : null;
  return (
    <Card role="region" aria-labelledby="on-the-way-heading">
      <CardContent className="space-y-3 pt-6">
        <h2 id="on-the-way-heading" className="flex items-center gap-2 font-semibold">
          <Navigation className="h-5 w-5 text-primary" aria-hidden="true" /> {name} is on the way
        </h2>
        {a.etaMinutes !== null ? (
          <p className="text-lg" data-testid="arrival-eta">
            Arriving in about {a.etaMinutes} minutes
          </p>
        ) : (
          <p className="text-slate-700">Arriving in your window.</p>
        )}
        <p className="text-sm text-slate-600" data-testid="arrival-basis">
          {position
            ? `From ${name}'s shared location, ${formatTimestamp(position.at)}.`
            : a.basis === 'distance'
              ? `Estimated from the distance from ${name}'s base; the map appears if they share their location.`
              : 'The map appears if they share their location.'}
        </p>
        {position &&
          (mounted && config.data ? (
            <Suspense fallback={mapSkeleton}>
              <ArrivalMap
                technician={position}
                destination={destination}
                name={name}
                config={config.data}
              />
            </Suspense>
          ) : (
            mapSkeleton
          ))}
      </CardContent>
    </Card>
  );
}
