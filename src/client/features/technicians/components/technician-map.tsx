// Loaded only with the map view (React.lazy, after mount): Leaflet and its CSS stay out of the
// main bundle and out of server rendering (ADR 018).
import { formatWholeDollars } from '@shared/money';
import 'leaflet/dist/leaflet.css';
import type { Map as LeafletMap } from 'leaflet';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { MapConfig } from '@shared/schemas/geo';
import type { Technician } from '@shared/schemas/technicians';
import { technicianPath } from '@shared/paths';

/** Where the map starts when no technician on the page has a point: the service area. */
const SERVICE_AREA: [number, number] = [38.85, -76.85];

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A Leaflet map of the page's technicians: one marker each, its popup linking the profile. */
export default function TechnicianMap({
  items,
  config,
}: {
  items: Technician[];
  config: MapConfig;
}) {
  const el = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    let map: LeafletMap | undefined;
    let cancelled = false;
    void import('leaflet').then(({ default: L }) => {
      if (cancelled || !el.current) return;
      map = L.map(el.current, { scrollWheelZoom: false });
      L.tileLayer(config.tileUrl, {
        attribution: escapeHtml(config.attribution),
        maxZoom: 19,
        subdomains: 'abc',
      }).addTo(map);
      const markers = L.featureGroup();
      for (const t of items) {
        if (!t.mapPoint) continue;
        const name = `${t.user.firstName} ${t.user.lastName}`;
        const marker = L.marker([t.mapPoint.latitude, t.mapPoint.longitude], {
          // A drawn dot, not Leaflet's default marker images.
          icon: L.divIcon({
            className:
              'technician-marker rounded-full border-2 border-white bg-brand-600 shadow-md',
            iconSize: [20, 20],
          }),
          title: name,
          alt: name,
          keyboard: true,
        });
        const popup = document.createElement('div');
        const link = document.createElement('a');
        link.href = technicianPath(t.id);
        link.textContent = name;
        link.className = 'font-semibold text-brand-700 underline';
        link.addEventListener('click', (e) => {
          e.preventDefault();
          navigate(technicianPath(t.id));
        });
        const details = document.createElement('div');
        details.textContent = [
          `${Number(t.rating).toFixed(1)} ★`,
          `${formatWholeDollars(t.hourlyRate)}/hour`,
          t.distanceMiles !== undefined ? `${t.distanceMiles.toFixed(1)} miles away` : t.location,
        ].join(' · ');
        popup.append(link, details);
        marker.bindPopup(popup);
        markers.addLayer(marker);
      }
      markers.addTo(map);
      if (markers.getLayers().length > 0)
        map.fitBounds(markers.getBounds(), { padding: [32, 32], maxZoom: 13 });
      else map.setView(SERVICE_AREA, 9);
    });
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [items, config, navigate]);

  return (
    <div
      ref={el}
      data-testid="technician-map"
      className="z-0 h-[28rem] w-full rounded-lg border border-slate-200"
      role="region"
      aria-label="Map of technicians"
    />
  );
}
