import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { Technician } from '@shared/schemas/technicians';
import { Skeleton } from '../../../components/ui/skeleton';
import { useMapConfig } from '../../../lib/api/get-map-config';
import { ListError } from './technician-results';

// Leaflet loads only here, after mount: never in the main bundle nor on the server.
const TechnicianMap = lazy(() => import('./technician-map'));

const noSubscription = () => () => {};
const isBrowser = () => true;
const isServer = () => false;

const mapSkeleton = <Skeleton className="h-[28rem] w-full" aria-label="Loading map" />;

/** The map view of the list's current page (the list stays the default and works without it). */
export function TechnicianMapView({ items }: { items: Technician[] }) {
  // False on the server and while hydrating, true after: the map renders only in the browser.
  const mounted = useSyncExternalStore(noSubscription, isBrowser, isServer);
  const config = useMapConfig();
  if (config.isError)
    return <ListError message="We could not load the map." onRetry={() => void config.refetch()} />;
  if (!mounted || !config.data) return mapSkeleton;
  return (
    <Suspense fallback={mapSkeleton}>
      <TechnicianMap items={items} config={config.data} />
    </Suspense>
  );
}
