import type { NearestZip } from '@shared/schemas/geo';
import { getJson } from '../api-client';

/** GET /api/geo/nearest-zip: the ZIP code nearest to a position (rounded to ~1 m). */
export const getNearestZip = (latitude: number, longitude: number) =>
  getJson<NearestZip>(
    `/api/geo/nearest-zip?lat=${latitude.toFixed(5)}&lng=${longitude.toFixed(5)}`,
  );
