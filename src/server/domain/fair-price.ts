import zipcodes from 'zipcodes';
import { FAIR_PRICE_MIN_JOBS, FAIR_PRICE_WINDOW_MONTHS } from '@shared/fair-price';
import { boundingBox, distanceMiles, type Point } from '@shared/geo';
import { centsToDecimal } from '@shared/money';
import type { FairPrice } from '@shared/schemas/fair-price';
import type { Db, DbOrTx } from '../db/client';
import {
  countedJobCoordinates,
  fairPriceAggregates,
  fairPriceRow,
  jobServiceAndPlace,
  replaceFairPrices,
  type FairPriceAggregate,
} from './fair-price.queries';

/**
 * The fair-price check (ADR 015). A job's area is the ZIP3 (first three digits) of the US ZIP
 * code nearest its coordinates, when one lies within AREA_RADIUS_MILES: the postal service's
 * sectional areas, which split the DC/MD/VA market into its city, suburbs and rural counties.
 * The worker rebuilds `fair_prices` from completed jobs' paid invoices; a read is one lookup.
 */
export const AREA_RADIUS_MILES = 35;

type Zip = { zip3: string; latitude: number; longitude: number };
let zipsByLatitude: Zip[] | null = null;

/** US ZIP codes with coordinates, by latitude (built once, on first use). */
function zips(): Zip[] {
  zipsByLatitude ??= Object.values(zipcodes.codes)
    .filter((z) => z.country === 'US' && Number.isFinite(z.latitude) && z.latitude !== 0)
    .map((z) => ({ zip3: z.zip.slice(0, 3), latitude: z.latitude, longitude: z.longitude }))
    .sort((a, b) => a.latitude - b.latitude);
  return zipsByLatitude;
}

const areaMemo = new Map<string, string | null>();

/** The ZIP3 of the ZIP code nearest `point` within AREA_RADIUS_MILES; null when none is. */
export function areaOf(point: Point): string | null {
  const key = `${point.latitude.toFixed(5)},${point.longitude.toFixed(5)}`;
  const known = areaMemo.get(key);
  if (known !== undefined) return known;
  const box = boundingBox(point, AREA_RADIUS_MILES);
  const list = zips();
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]!.latitude < box.minLat) lo = mid + 1;
    else hi = mid;
  }
  let best: Zip | null = null;
  let bestMiles = AREA_RADIUS_MILES;
  for (let i = lo; i < list.length && list[i]!.latitude <= box.maxLat; i++) {
    const z = list[i]!;
    if (z.longitude < box.minLng || z.longitude > box.maxLng) continue;
    const miles = distanceMiles(point, z);
    if (miles <= bestMiles) {
      best = z;
      bestMiles = miles;
    }
  }
  // Requests come from the named locations and ZIP centroids: a small set of points.
  if (areaMemo.size >= 10_000) areaMemo.clear();
  areaMemo.set(key, best?.zip3 ?? null);
  return best?.zip3 ?? null;
}

/** The start of the window the figures count: 12 calendar months before `now`. */
export function fairPriceWindowStart(now: Date) {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - FAIR_PRICE_WINDOW_MONTHS);
  return d;
}

const quartiles = (q: unknown): [number, number, number] | null => {
  if (!Array.isArray(q) || q.length !== 3) return null;
  return q.map((v) => Math.round(Number(v))) as [number, number, number];
};

/**
 * Rebuilds the table from completed jobs whose invoices were paid in the last 12 months: per
 * service type and area, the quartiles of a job's paid total and of one labor line. Groups
 * under FAIR_PRICE_MIN_JOBS jobs keep only their counts. Instances serialize on a lock.
 */
export async function refreshFairPrices(db: Db, now: Date) {
  const windowStart = fairPriceWindowStart(now);
  const coords = await countedJobCoordinates(db, windowStart, now);
  const located = coords
    .map((c) => ({ lat: Number(c.lat), lng: Number(c.lng) }))
    .map((c) => ({ ...c, area: areaOf({ latitude: c.lat, longitude: c.lng }) }))
    .filter((c): c is { lat: number; lng: number; area: string } => c.area !== null);

  let groups: FairPriceAggregate[] = [];
  if (located.length > 0) {
    groups = await fairPriceAggregates(db, windowStart, now, located);
  }

  const rows = groups.map((g) => {
    const total = g.jobs >= FAIR_PRICE_MIN_JOBS ? quartiles(g.q) : null;
    const laborJobs = g.labor_jobs ?? 0;
    const labor = laborJobs >= FAIR_PRICE_MIN_JOBS ? quartiles(g.labor_q) : null;
    return {
      serviceType: g.service_type,
      area: g.area,
      jobs: g.jobs,
      totalLowCents: total?.[0] ?? null,
      totalMedianCents: total?.[1] ?? null,
      totalHighCents: total?.[2] ?? null,
      laborLines: g.lines ?? 0,
      laborJobs,
      laborLowCents: labor?.[0] ?? null,
      laborMedianCents: labor?.[1] ?? null,
      laborHighCents: labor?.[2] ?? null,
      windowStart,
      refreshedAt: now,
    };
  });
  await db.transaction((tx) => replaceFairPrices(tx, rows));
  return { groups: rows.length, jobs: rows.reduce((n, r) => n + r.jobs, 0) };
}

const range = (low: number | null, median: number | null, high: number | null) =>
  low === null || median === null || high === null
    ? null
    : { low: centsToDecimal(low), median: centsToDecimal(median), high: centsToDecimal(high) };

/** The figures for a service type at a point (one indexed lookup); empty without an area. */
export async function fairPriceFor(
  db: DbOrTx,
  serviceType: string,
  point: Point | null,
): Promise<FairPrice> {
  const area = point ? areaOf(point) : null;
  const row = area ? await fairPriceRow(db, serviceType, area) : undefined;
  const total = row ? range(row.totalLowCents, row.totalMedianCents, row.totalHighCents) : null;
  return {
    serviceType,
    area,
    jobs: row?.jobs ?? 0,
    enoughData: total !== null,
    total,
    laborLine: row ? range(row.laborLowCents, row.laborMedianCents, row.laborHighCents) : null,
    refreshedAt: row?.refreshedAt.toISOString() ?? null,
  };
}

/** The figures for a job (service request): its service type at its coordinates. */
export async function fairPriceOfJob(db: DbOrTx, serviceRequestId: number) {
  const job = await jobServiceAndPlace(db, serviceRequestId);
  if (!job) return null;
  const point =
    job.latitude !== null && job.longitude !== null
      ? { latitude: job.latitude, longitude: job.longitude }
      : null;
  return fairPriceFor(db, job.serviceType, point);
}
