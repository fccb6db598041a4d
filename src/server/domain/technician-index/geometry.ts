import { EARTH_RADIUS_MILES } from '@shared/geo';

/**
 * Distances on the sphere as the haversine term h = sin^2(d / 2R) (= chord^2 / 4 between unit
 * vectors): monotonic in the distance, so comparisons need no trigonometry per technician.
 */
const RAD = Math.PI / 180;

export type Vec = { x: number; y: number; z: number };

export function unitVector(lat: number, lng: number): Vec {
  const cosLat = Math.cos(lat * RAD);
  return {
    x: cosLat * Math.cos(lng * RAD),
    y: cosLat * Math.sin(lng * RAD),
    z: Math.sin(lat * RAD),
  };
}

/** The haversine term of a distance: sin^2(d / 2R). Monotonic in d up to half the globe. */
export const hOfMiles = (miles: number) =>
  Math.sin(Math.min(miles / (2 * EARTH_RADIUS_MILES), Math.PI / 2)) ** 2;
export const milesOfH = (h: number) =>
  2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));

/**
 * The grid (ADR 005): fine cells of FINE degrees; a mid cell is 4 x 4 fine cells and
 * a coarse cell 4 x 4 mid cells. Cell coordinates count from the south pole and the antimeridian.
 */
export const FINE = 0.005;
export const MID_SHIFT = 2;
export const COARSE_SHIFT = 4;
const ROWS = Math.ceil(180 / FINE) + 1;
const COLS = Math.ceil(360 / FINE) + 1;

export const fineRow = (lat: number) =>
  Math.min(ROWS - 1, Math.max(0, Math.floor((lat + 90) / FINE)));
export const fineCol = (lng: number) =>
  Math.min(COLS - 1, Math.max(0, Math.floor((lng + 180) / FINE)));
/** A cell's key at a level (shift 0 fine, MID_SHIFT mid, COARSE_SHIFT coarse). */
export const cellKey = (row: number, col: number) => row * COLS + col;

/**
 * A search point's precomputed terms, used to bound distances to cells.
 */
export type Probe = { lat: number; lng: number; sinLat: number; cosLat: number; v: Vec };

export function probeOf(lat: number, lng: number): Probe {
  return {
    lat,
    lng,
    sinLat: Math.sin(lat * RAD),
    cosLat: Math.cos(lat * RAD),
    v: unitVector(lat, lng),
  };
}

/**
 * Bounds used to classify cells, with a margin far above floating-point error and far below any
 * distance that matters: a cell is wholly inside a disc only when its farthest point is inside
 * by the margin, wholly outside only when its nearest point is outside by it; anything else is
 * scanned technician by technician with the exact term.
 */
export const insideBy = (hMax: number, limit: number) => hMax <= limit * (1 - 1e-9) - 1e-15;
export const outsideBy = (hMin: number, limit: number) => hMin > limit * (1 + 1e-9) + 1e-15;

/**
 * A lower bound of the distance term from p to any cell at least `ring` cells of `size` degrees
 * away (in rows or columns) from the cell holding p.
 */
export function ringLowerH(p: Probe, ring: number, size: number) {
  if (ring <= 1) return 0;
  const a = Math.min(Math.PI / 2, (ring - 1) * size * RAD);
  // Any point |dlng| >= a away is at least asin(cos(lat) sin a) away; |dlat| >= a at least a.
  const d = Math.min(a, Math.asin(Math.min(1, p.cosLat * Math.sin(a))));
  return Math.sin(d / 2) ** 2;
}
