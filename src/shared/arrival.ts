import { distanceMiles, type Point } from './geo';
import { isSettingOffFor } from './service-time';

/**
 * When the technician on the way arrives (ADR 045): from the position they share, or else from
 * their base, by distance at city speed. The page, its map and the customer's text all read
 * this one estimate, so they never disagree.
 */

/** Assumed speed through the service area's streets. */
export const CITY_MPH = 25;
/** How often a technician's device sends its position while on the way, at most. */
export const POSITION_INTERVAL_SECONDS = 30;
/** A shared position older than this no longer stands for where they are. */
export const POSITION_FRESH_MINUTES = 10;

/** Minutes to drive between two points at city speed, rounded to 5 (at least 5). */
export function driveMinutes(from: Point, to: Point): number {
  const miles = distanceMiles(from, to);
  return Math.max(5, Math.round(((miles / CITY_MPH) * 60) / 5) * 5);
}

export type ArrivalEstimate = {
  etaMinutes: number | null;
  /** 'position': from where they are now; 'distance': from their base; null: unknown. */
  basis: 'position' | 'distance' | null;
  /** Their last shared position, while fresh. */
  position: (Point & { at: string }) | null;
};

/**
 * The estimate for a job en route to `to`: from a fresh shared position, else from the base when
 * they set off for today's window (a technician leaving on Monday for Tuesday's window is not
 * arriving in 5 minutes), else unknown.
 */
export function arrivalEstimate(
  to: Point | null,
  shared: (Point & { at: Date }) | null,
  base: Point | null,
  window: { start: Date; end: Date } | null,
  now: Date,
): ArrivalEstimate {
  const fresh =
    shared && now.getTime() - shared.at.getTime() <= POSITION_FRESH_MINUTES * 60_000
      ? shared
      : null;
  if (to && fresh)
    return {
      etaMinutes: driveMinutes(fresh, to),
      basis: 'position',
      position: {
        latitude: fresh.latitude,
        longitude: fresh.longitude,
        at: fresh.at.toISOString(),
      },
    };
  const forWindow = !window || isSettingOffFor(window, now);
  if (to && base && forWindow)
    return { etaMinutes: driveMinutes(base, to), basis: 'distance', position: null };
  return { etaMinutes: null, basis: null, position: null };
}
