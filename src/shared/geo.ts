/** Great-circle distance and bounding boxes, in statute miles. */
export const EARTH_RADIUS_MILES = 3958.7613;
const toRad = (deg: number) => (deg * Math.PI) / 180;

export type Point = { latitude: number; longitude: number };

/** Haversine distance between two points, in miles. */
export function distanceMiles(a: Point, b: Point): number {
  const dLat = toRad(b.latitude - a.latitude);
  const dLng = toRad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRad(a.latitude)) * Math.cos(toRad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The latitude/longitude box that contains every point within `miles` of `center`. */
export function boundingBox(center: Point, miles: number) {
  const dLat = (miles / EARTH_RADIUS_MILES) * (180 / Math.PI);
  const cosLat = Math.max(Math.cos(toRad(center.latitude)), 1e-6);
  const dLng = Math.min(180, dLat / cosLat);
  return {
    minLat: center.latitude - dLat,
    maxLat: center.latitude + dLat,
    minLng: center.longitude - dLng,
    maxLng: center.longitude + dLng,
  };
}

/** Rounds a distance for display: one decimal. */
export const roundMiles = (miles: number) => Math.round(miles * 10) / 10;
