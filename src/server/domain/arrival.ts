import { arrivalEstimate, type ArrivalEstimate } from '@shared/arrival';
import type { Point } from '@shared/geo';
import type { ServiceRequestRow } from './request-timeline';

type ArrivalFields = Pick<
  ServiceRequestRow,
  | 'latitude'
  | 'longitude'
  | 'technicianLatitude'
  | 'technicianLongitude'
  | 'technicianPositionAt'
  | 'windowStart'
  | 'windowEnd'
>;

/**
 * The arrival estimate of a job on the way (ADR 045), from its row and the technician's base:
 * the one figure the page, the map and the customer's text show.
 */
export function arrivalOf(r: ArrivalFields, base: Point | null, now: Date): ArrivalEstimate {
  const to =
    r.latitude !== null && r.longitude !== null
      ? { latitude: r.latitude, longitude: r.longitude }
      : null;
  const shared =
    r.technicianLatitude !== null && r.technicianLongitude !== null && r.technicianPositionAt
      ? {
          latitude: r.technicianLatitude,
          longitude: r.technicianLongitude,
          at: r.technicianPositionAt,
        }
      : null;
  const window = r.windowStart && r.windowEnd ? { start: r.windowStart, end: r.windowEnd } : null;
  return arrivalEstimate(to, shared, base, window, now);
}
