import { findLocation } from '@shared/constants/locations';
import type { NearestZip } from '@shared/schemas/geo';
import { ApiError } from './api-client';
import { getNearestZip } from './api/get-nearest-zip';

/** The URL parameter a typed place goes in: a named town, a ZIP code, or free text (`near`). */
export function placeParam(
  text: string,
): { key: 'location' | 'zip' | 'near'; value: string } | null {
  const t = text.trim();
  if (!t) return null;
  const named = findLocation(t);
  if (named) return { key: 'location', value: named.name };
  if (/^\d{5}(-\d{4})?$/.test(t)) return { key: 'zip', value: t };
  return { key: 'near', value: t };
}

/** Sets the place in `params` (removing any other place parameter). */
export function setPlaceParam(params: URLSearchParams, text: string) {
  for (const k of ['location', 'zip', 'near']) params.delete(k);
  const p = placeParam(text);
  if (p) params.set(p.key, p.value);
  return p;
}

/** The place a list URL holds, as the field shows it. */
export const placeOf = (params: URLSearchParams) =>
  params.get('location') ?? params.get('zip') ?? params.get('near') ?? '';

export const LOCATION_DENIED = 'Location access was denied. Enter your ZIP code instead.';
export const LOCATION_UNAVAILABLE = 'We could not find your location. Enter your ZIP code instead.';
export const LOCATION_UNSUPPORTED =
  'This browser cannot share your location. Enter your ZIP code instead.';

export class LocateError extends Error {}

/**
 * 'Use my location': the browser's position, reversed to the nearest ZIP code by the server.
 * Throws a LocateError whose message can be shown as is. Call from an event handler only.
 */
export async function locateMe(): Promise<NearestZip> {
  if (typeof navigator === 'undefined' || !navigator.geolocation)
    throw new LocateError(LOCATION_UNSUPPORTED);
  const position = await new Promise<GeolocationPosition>((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      enableHighAccuracy: false,
      timeout: 10_000,
      maximumAge: 600_000,
    }),
  ).catch((err: GeolocationPositionError | Error) => {
    throw new LocateError(
      'code' in err && err.code === err.PERMISSION_DENIED ? LOCATION_DENIED : LOCATION_UNAVAILABLE,
    );
  });
  const { latitude, longitude } = position.coords;
  try {
    return await getNearestZip(latitude, longitude);
  } catch (err) {
    throw new LocateError(
      err instanceof ApiError && err.status < 500 && err.serverMessage
        ? err.serverMessage
        : LOCATION_UNAVAILABLE,
    );
  }
}
