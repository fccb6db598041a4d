import { z } from 'zod';

const coordinate = (name: string, limit: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .refine((v) => Number.isFinite(v), `${name} must be a number`)
    .refine((v) => v >= -limit && v <= limit, `${name} must be between -${limit} and ${limit}`);

/** GET /api/geo/nearest-zip: a point in degrees ('Use my location'). */
export const nearestZipQuerySchema = z.object({
  lat: z.preprocess((v) => (v === '' ? undefined : v), coordinate('lat', 90)),
  lng: z.preprocess((v) => (v === '' ? undefined : v), coordinate('lng', 180)),
});

export const nearestZipSchema = z.object({
  zip: z.string(),
  city: z.string(),
  state: z.string(),
});
export type NearestZip = z.infer<typeof nearestZipSchema>;

/** GET /api/config/map: the map view's tile source, set on the server (MAP_TILE_URL). */
export const mapConfigSchema = z.object({
  tileUrl: z.string(),
  attribution: z.string(),
});
export type MapConfig = z.infer<typeof mapConfigSchema>;
