// Loaded only on a request page whose technician shares their position (React.lazy, after
// mount): Leaflet and its CSS stay out of the main bundle and out of server rendering.
import 'leaflet/dist/leaflet.css';
import type { Map as LeafletMap, Marker } from 'leaflet';
import { useEffect, useRef } from 'react';
import type { MapConfig } from '@shared/schemas/geo';

type Point = { latitude: number; longitude: number };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The technician's last shared position and the job's place, on a small map that follows. */
export default function ArrivalMap({
  technician,
  destination,
  name,
  config,
}: {
  technician: Point;
  destination: Point | null;
  name: string;
  config: MapConfig;
}) {
  const el = useRef<HTMLDivElement>(null);
  const map = useRef<LeafletMap | null>(null);
  const marker = useRef<Marker | null>(null);
  // What the map is first drawn with; later positions only move the marker (below).
  const first = useRef({ technician, destination, name });

  useEffect(() => {
    const { technician, destination, name } = first.current;
    let cancelled = false;
    void import('leaflet').then(({ default: L }) => {
      if (cancelled || !el.current) return;
      const m = L.map(el.current, { scrollWheelZoom: false });
      L.tileLayer(config.tileUrl, {
        attribution: escapeHtml(config.attribution),
        maxZoom: 19,
        subdomains: 'abc',
      }).addTo(m);
      const dot = (className: string, title: string, at: Point) =>
        L.marker([at.latitude, at.longitude], {
          icon: L.divIcon({ className, iconSize: [20, 20] }),
          title,
          alt: title,
          keyboard: true,
        }).addTo(m);
      marker.current = dot(
        'technician-marker rounded-full border-2 border-white bg-brand-600 shadow-md',
        name,
        technician,
      );
      const points: [number, number][] = [[technician.latitude, technician.longitude]];
      if (destination) {
        dot(
          'destination-marker rounded-full border-2 border-white bg-slate-800 shadow-md',
          'Your location',
          destination,
        );
        points.push([destination.latitude, destination.longitude]);
      }
      m.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: 15 });
      map.current = m;
    });
    return () => {
      cancelled = true;
      map.current?.remove();
      map.current = null;
    };
  }, [config]);

  useEffect(() => {
    marker.current?.setLatLng([technician.latitude, technician.longitude]);
  }, [technician.latitude, technician.longitude]);

  return (
    <div
      ref={el}
      className="h-56 w-full overflow-hidden rounded-md border"
      role="img"
      aria-label={`Map: ${name}'s last shared position${destination ? ' and your location' : ''}`}
    />
  );
}
