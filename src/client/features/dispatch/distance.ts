/**
 * ' · 3.2 miles away', or '' when the distance is not known: none stored, or 0 (the request
 * and the technician resolve to the same town's centre, which says nothing about the distance).
 */
export function distanceSuffix(miles: number | null | undefined): string {
  if (miles == null || !Number.isFinite(miles) || miles < 0.05) return '';
  return ` · ${miles.toFixed(1)} miles away`;
}
