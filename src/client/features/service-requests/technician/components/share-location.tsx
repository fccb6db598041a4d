import { MapPin } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { POSITION_INTERVAL_SECONDS } from '@shared/arrival';
import type { ServiceRequestDetail } from '@shared/schemas/service-request-views';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent } from '../../../../components/ui/card';
import { errorMessage } from '../../../../lib/api-client';
import { useSharePosition } from '../api/share-position';

const DENIED =
  'Location is off for this site. The customer sees an estimate from your base instead.';

/**
 * While on the way (ADR 045): the technician may let the customer follow them. The device's
 * position (watchPosition) goes to the server at most every 30 seconds, only while this page is
 * open and the job is en route; stopping, leaving the page or starting work ends it.
 */
export function ShareLocation({ job }: { job: ServiceRequestDetail }) {
  // TanStack Query's mutate keeps its identity: the watch does not restart on a render.
  const { mutate } = useSharePosition({ reference: job.reference });
  const [on, setOn] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const lastSent = useRef(0);
  const enRoute = job.status === 'en_route';

  useEffect(() => {
    if (!on || !enRoute) return;
    const watch = navigator.geolocation.watchPosition(
      (pos) => {
        const now = Date.now();
        if (now - lastSent.current < POSITION_INTERVAL_SECONDS * 1000) return;
        lastSent.current = now;
        mutate(
          {
            latitude: pos.coords.latitude,
            longitude: pos.coords.longitude,
            accuracy: Math.min(pos.coords.accuracy, 5000),
          },
          {
            onSuccess: (arrival) =>
              setNote(
                arrival.etaMinutes
                  ? `Shared. The customer sees you arriving in about ${arrival.etaMinutes} minutes.`
                  : 'Shared with the customer.',
              ),
            onError: (err) => setNote(errorMessage(err, 'Could not share your location.')),
          },
        );
      },
      (err) => {
        setNote(
          err.code === err.PERMISSION_DENIED ? DENIED : 'Your location is not available now.',
        );
        if (err.code === err.PERMISSION_DENIED) setOn(false);
      },
      { enableHighAccuracy: true, maximumAge: 15_000, timeout: 60_000 },
    );
    return () => navigator.geolocation.clearWatch(watch);
  }, [on, enRoute, mutate]);

  if (!enRoute) return null;
  const toggle = () => {
    if (!on && !('geolocation' in navigator))
      return setNote('This device cannot share its location.');
    setOn(!on);
  };
  return (
    <Card role="region" aria-labelledby="share-location-heading">
      <CardContent className="space-y-2 pt-6">
        <h2 id="share-location-heading" className="flex items-center gap-2 font-semibold">
          <MapPin className="h-5 w-5 text-primary" aria-hidden="true" /> Your location
        </h2>
        <p className="text-sm text-slate-600">
          {on
            ? 'Sharing your location with the customer until you start work.'
            : 'Let the customer follow you on a map until you arrive. Nothing is kept after the job.'}
        </p>
        <Button variant={on ? 'outline' : 'default'} onClick={toggle}>
          {on ? 'Stop sharing' : 'Share my location'}
        </Button>
        {note && (
          <p className="text-sm text-slate-700" role="status">
            {note}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
