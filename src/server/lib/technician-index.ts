import { sql } from 'drizzle-orm';
import { boundingBox, EARTH_RADIUS_MILES, type Point } from '../../shared/geo';
import { PLAN_ENTITLEMENTS } from '../../shared/plans';
import type { DbOrTx } from '../db/client';
import { planHoldsUntil, tierOf } from './entitlements';

/** Featured technicians come first within each band of this many miles (ADR 014). */
export const FEATURED_BAND_MILES = 5;

/**
 * Technicians found from memory (ADR 005): search and dispatch matching both read it.
 *
 * Each app instance holds a column-wise snapshot of the listed technicians (approved users with
 * the technician role): coordinates, rating, availability, radius, specialties and name. A search
 * first reads `search_index_state.version`, which triggers bump in the same transaction as any
 * change to those columns; when it differs from the snapshot's, the snapshot is reloaded (one
 * load at a time) before answering. So answers are never staler than the last commit the
 * request could see, on PGlite and on PostgreSQL with any number of instances.
 *
 * Technicians are stored sorted by latitude, so a search scans only the latitude band of its
 * bounding box (binary search), compares great-circle distances through the haversine term h
 * computed from unit vectors (h = chord^2 / 4: no trigonometry per technician; miles only for
 * the page), and keeps a bounded top-k for the page; the total is exact. Only the page's rows
 * are then read from the database.
 *
 * Plans (ADR 014): each technician's plan is held as two times, until when it delivers leads and
 * until when it is featured (for ever while active, the end of the grace period when past due,
 * 0 without), so a grace period running out changes answers without any write. Search ranks
 * featured technicians first within each FEATURED_BAND_MILES band of distance (`boost`).
 */

export type SearchFilters = {
  point?: Point;
  /** Miles; without it, with a point, a technician is listed when its radius reaches the point. */
  maxDistance?: number;
  /**
   * Miles; without maxDistance, also lists technicians this close whose own radius is smaller
   * (a dispatch the customer widened after no one was found).
   */
  widenTo?: number;
  serviceType?: string;
  /** Lower-case fragment of "first last". */
  name?: string;
  available: boolean;
  /** Epoch ms the plans are judged at (leads, featured). */
  now: number;
  /** Only technicians whose plan delivers leads now (dispatch). */
  leads?: boolean;
  /** Only featured technicians (the home page's featured mechanics). */
  featured?: boolean;
  /** Featured first within each distance band (without a point: featured first). */
  boost?: boolean;
  /**
   * The order (ADR 018): 'distance' (the default; without a point it is 'rating'), 'rating'
   * (best first), 'price' (hourly rate, lowest first) or 'experience' (years, most first).
   * `boost` applies to 'distance' and 'rating'; 'price' and 'experience' are strict orders.
   */
  sort?: IndexSort;
  offset: number;
  limit: number;
};

export type IndexSort = 'distance' | 'rating' | 'price' | 'experience';

type KeyedSort = Exclude<IndexSort, 'distance'>;

/** A keyed order of the snapshot (built once per snapshot and sort). */
function keyedOrder(s: Snapshot, sort: KeyedSort) {
  let o = s.orders[sort];
  if (o) return o;
  let order = s.byRank;
  if (sort !== 'rating') {
    const rank = new Int32Array(s.n);
    for (let k = 0; k < s.n; k++) rank[s.byRank[k]!] = k;
    const key = sort === 'price' ? s.rateCents : s.years;
    const sign = sort === 'price' ? 1 : -1;
    const idx = Array.from(s.byRank);
    idx.sort((a, b) => sign * (key[a]! - key[b]!) || rank[a]! - rank[b]!);
    order = Int32Array.from(idx);
  }
  const pos = new Int32Array(s.n);
  for (let k = 0; k < s.n; k++) pos[order[k]!] = k;
  s.orders[sort] = o = { order, pos };
  return o;
}

export type SearchHit = { id: number; distanceMiles?: number; featured?: boolean };

export type Snapshot = {
  version: number;
  n: number;
  ids: Int32Array;
  lat: Float64Array;
  lng: Float64Array;
  rating: Float64Array;
  reviews: Int32Array;
  radius: Float64Array;
  available: Uint8Array;
  names: string[];
  /** Membership per specialty: specialties.get(s)[i] === 1 when technician i offers s. */
  specialties: Map<string, Uint8Array>;
  /** Unit vectors of the bases: chord distance needs no trigonometry per technician. */
  x: Float64Array;
  y: Float64Array;
  z: Float64Array;
  /** haversine h (= chord^2 / 4) of each service radius. */
  hRadius: Float64Array;
  /** Indices in the no-location order: rating desc, reviews desc, id asc. */
  byRank: Int32Array;
  /** Hourly rate in cents and years of experience (the price and experience orders). */
  rateCents: Float64Array;
  years: Int32Array;
  /**
   * The keyed orders, built on first use: `order` lists indices (price: rate asc; experience:
   * years desc; each then as byRank), `pos[i]` is technician i's place in it.
   */
  orders: Partial<Record<KeyedSort, { order: Int32Array; pos: Int32Array }>>;
  maxRadius: number;
  /** Epoch ms until which the plan delivers leads / a featured listing (0: not at all). */
  leadsUntil: Float64Array;
  featuredUntil: Float64Array;
  /** The finite featuredUntil times, sorted: the moments a search's answer can change. */
  featuredExpiries: Float64Array;
};

type Row = {
  id: number;
  lat: number;
  lng: number;
  rating: number;
  reviews: number;
  radius: number;
  rateCents: number;
  years: number;
  available: boolean;
  specialties: string;
  name: string;
  plan: string | null;
  planStatus: string | null;
  periodEndMs: number | string | null;
};

const SEP = '\u001f';

async function readVersion(db: DbOrTx): Promise<number> {
  const res = (await db.execute(sql`select version from search_index_state where id = 1`)) as {
    rows: { version: string | number }[];
  };
  return Number(res.rows[0]?.version ?? 0);
}

async function load(db: DbOrTx, version: number): Promise<Snapshot> {
  const res = (await db.execute(sql`
    select t.id, t.latitude as lat, t.longitude as lng, t.rating::float8 as rating,
           t.total_reviews as reviews, t.service_radius_miles as radius,
           t.hourly_rate_cents as "rateCents", t.years_experience as years,
           t.is_available as available, array_to_string(t.specialties, ${SEP}) as specialties,
           lower(u.first_name || ' ' || u.last_name) as name,
           p.name as plan, s.status as "planStatus",
           (extract(epoch from s.current_period_end) * 1000)::float8 as "periodEndMs"
    from technicians t join users u on u.id = t.user_id
    left join subscriptions s on s.technician_id = t.id and s.status in ('active', 'past_due')
    left join plans p on p.id = s.plan_id
    where u.status = 'approved' and u.role = 'technician'`)) as { rows: Row[] };
  const rows = res.rows.map((r) => ({ ...r, lat: Number(r.lat), lng: Number(r.lng) }));
  rows.sort((a, b) => a.lat - b.lat);
  const n = rows.length;
  const s: Snapshot = {
    version,
    n,
    ids: new Int32Array(n),
    lat: new Float64Array(n),
    lng: new Float64Array(n),
    rating: new Float64Array(n),
    reviews: new Int32Array(n),
    radius: new Float64Array(n),
    available: new Uint8Array(n),
    names: new Array<string>(n),
    specialties: new Map(),
    x: new Float64Array(n),
    y: new Float64Array(n),
    z: new Float64Array(n),
    hRadius: new Float64Array(n),
    byRank: new Int32Array(n),
    rateCents: new Float64Array(n),
    years: new Int32Array(n),
    orders: {},
    maxRadius: 0,
    leadsUntil: new Float64Array(n),
    featuredUntil: new Float64Array(n),
    featuredExpiries: new Float64Array(0),
  };
  const expiries: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = rows[i]!;
    s.ids[i] = Number(r.id);
    s.lat[i] = r.lat;
    s.lng[i] = r.lng;
    const v = unitVector(r);
    s.x[i] = v.x;
    s.y[i] = v.y;
    s.z[i] = v.z;
    s.rating[i] = Number(r.rating);
    s.reviews[i] = Number(r.reviews);
    s.rateCents[i] = Number(r.rateCents);
    s.years[i] = Number(r.years);
    s.radius[i] = Number(r.radius);
    s.hRadius[i] = hOfMiles(s.radius[i]!);
    s.available[i] = r.available ? 1 : 0;
    s.names[i] = r.name;
    if (s.radius[i]! > s.maxRadius) s.maxRadius = s.radius[i]!;
    if (r.plan && r.planStatus) {
      const until = planHoldsUntil(r.planStatus, new Date(Number(r.periodEndMs)));
      const plan = PLAN_ENTITLEMENTS[tierOf(r.plan)];
      if (plan.leads) s.leadsUntil[i] = until;
      if (plan.featured) {
        s.featuredUntil[i] = until;
        if (Number.isFinite(until)) expiries.push(until);
      }
    }
    if (r.specialties) {
      for (const sp of r.specialties.split(SEP)) {
        let m = s.specialties.get(sp);
        if (!m) s.specialties.set(sp, (m = new Uint8Array(n)));
        m[i] = 1;
      }
    }
  }
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort(
    (a, b) => s.rating[b]! - s.rating[a]! || s.reviews[b]! - s.reviews[a]! || s.ids[a]! - s.ids[b]!,
  );
  s.byRank.set(order);
  s.featuredExpiries = Float64Array.from(expiries).sort();
  return s;
}

/**
 * How many featured listings of the snapshot have run out by `now`: a search answer (and a
 * cached page) holds while this and the version stay the same.
 */
export function featuredEpoch(s: Snapshot, now: number) {
  return upperBound(s.featuredExpiries, now);
}

const RAD = Math.PI / 180;
function unitVector(p: { lat: number; lng: number }) {
  const cosLat = Math.cos(p.lat * RAD);
  return {
    x: cosLat * Math.cos(p.lng * RAD),
    y: cosLat * Math.sin(p.lng * RAD),
    z: Math.sin(p.lat * RAD),
  };
}
/** The haversine term of a distance: sin^2(d / 2R). Monotonic in d up to half the globe. */
const hOfMiles = (miles: number) =>
  Math.sin(Math.min(miles / (2 * EARTH_RADIUS_MILES), Math.PI / 2)) ** 2;
const milesOfH = (h: number) => 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));

/** First k with sorted[k] > x. */
function upperBound(sorted: Float64Array, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * BAND_H[b]: the haversine term at the far edge of distance band b, up to half the globe; a
 * distance's band is the number of edges at or below it, so bands compare without miles.
 */
const BAND_H = Float64Array.from(
  { length: Math.ceil((Math.PI * EARTH_RADIUS_MILES) / FEATURED_BAND_MILES) },
  (_, b) => hOfMiles((b + 1) * FEATURED_BAND_MILES),
);
const bandOf = (h: number) => upperBound(BAND_H, h);

/** First k with sorted[k] >= x. */
function lowerBound(sorted: Float64Array, x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function matches(s: Snapshot, i: number, f: SearchFilters, specialty: Uint8Array | null): boolean {
  if (f.available && s.available[i] === 0) return false;
  if (specialty && specialty[i] === 0) return false;
  if (f.leads && s.leadsUntil[i]! <= f.now) return false;
  if (f.featured && s.featuredUntil[i]! <= f.now) return false;
  if (f.name !== undefined && !s.names[i]!.includes(f.name)) return false;
  return true;
}

export function searchSnapshot(
  s: Snapshot,
  f: SearchFilters,
): { hits: SearchHit[]; total: number } {
  const specialty = f.serviceType === undefined ? null : (s.specialties.get(f.serviceType) ?? null);
  if (f.serviceType !== undefined && !specialty) return { hits: [], total: 0 };
  const now = f.now;
  const { featuredUntil } = s;

  const sort: KeyedSort | 'distance' =
    f.sort === undefined || (f.sort === 'distance' && !f.point)
      ? f.point
        ? 'distance'
        : 'rating'
      : f.sort;
  // The featured boost (ADR 014) applies to the relevance orders: distance and rating.
  const boostKeyed = f.boost === true && sort === 'rating' && !f.featured;

  if (!f.point) {
    const hits: SearchHit[] = [];
    let total = 0;
    const order = sort === 'distance' ? s.byRank : keyedOrder(s, sort).order;
    // Boosted: the featured in order, then the others; else one pass in order.
    const passes = boostKeyed ? [true, false] : [null];
    for (const featuredPass of passes) {
      for (let k = 0; k < s.n; k++) {
        const i = order[k]!;
        if (featuredPass !== null && featuredUntil[i]! > now !== featuredPass) continue;
        if (!matches(s, i, f, specialty)) continue;
        if (total >= f.offset && hits.length < f.limit)
          hits.push({ id: s.ids[i]!, featured: featuredUntil[i]! > now });
        total++;
      }
    }
    return { hits, total };
  }

  if (sort !== 'distance') return searchKeyed(s, f, f.point, sort, boostKeyed, specialty);

  const p = f.point;
  const box = boundingBox(p, f.maxDistance ?? Math.max(s.maxRadius, f.widenTo ?? 0));
  const c = unitVector({ lat: p.latitude, lng: p.longitude });
  const hMax = f.maxDistance === undefined ? -1 : hOfMiles(f.maxDistance);
  const hWiden = f.widenTo === undefined ? -1 : hOfMiles(f.widenTo);
  const k = f.offset + f.limit;
  const boost = f.boost === true;
  // Deep pages: collect every match and sort once instead of a long insertion list.
  const collectAll = k > 1000;
  // Bounded top-k, kept sorted: (boosted: distance band asc, featured first), distance asc,
  // rating desc, id asc.
  const topIdx: number[] = [];
  const topH: number[] = [];
  const topBand: number[] = [];
  const topFeatured: boolean[] = [];
  const before = (h: number, band: number, featured: boolean, i: number, j: number) => {
    if (boost) {
      if (band !== topBand[j]) return band < topBand[j]!;
      if (featured !== topFeatured[j]) return featured;
    }
    const hj = topH[j]!;
    if (h !== hj) return h < hj;
    const a = topIdx[j]!;
    if (s.rating[i] !== s.rating[a]) return s.rating[i]! > s.rating[a]!;
    return s.ids[i]! < s.ids[a]!;
  };
  const { x, y, z, lng: lngs, available, hRadius, leadsUntil } = s;
  const checkAvailable = f.available;
  const checkLeads = f.leads === true;
  const checkOther = specialty !== null || f.name !== undefined || f.featured === true;
  // The last kept entry's band edges (boosted): a match beyond them is decided without its band.
  let worstLo = -1;
  let worstHi = Infinity;
  let total = 0;
  for (let i = lowerBound(s.lat, box.minLat); i < s.n; i++) {
    if (s.lat[i]! > box.maxLat) break;
    const lng = lngs[i]!;
    if (lng < box.minLng || lng > box.maxLng) continue;
    if (checkAvailable && available[i] === 0) continue;
    if (checkLeads && leadsUntil[i]! <= now) continue;
    const dx = x[i]! - c.x;
    const dy = y[i]! - c.y;
    const dz = z[i]! - c.z;
    const h = (dx * dx + dy * dy + dz * dz) / 4;
    if (h > (hMax < 0 ? Math.max(hRadius[i]!, hWiden) : hMax)) continue;
    if (checkOther && !matches(s, i, f, specialty)) continue;
    total++;
    if (collectAll) {
      topIdx.push(i);
      topH.push(h);
      continue;
    }
    const full = topIdx.length === k;
    let band = 0;
    let featured = false;
    if (!boost) {
      if (full && !before(h, 0, false, i, k - 1)) continue;
    } else if (full) {
      // Beyond the last kept entry's band: out; in it: compared; before it: banded and in.
      if (h >= worstHi) continue;
      featured = featuredUntil[i]! > now;
      if (h >= worstLo) {
        band = topBand[k - 1]!;
        if (!before(h, band, featured, i, k - 1)) continue;
      } else band = bandOf(h);
    } else {
      band = bandOf(h);
      featured = featuredUntil[i]! > now;
    }
    let lo = 0;
    let hi = topIdx.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(h, band, featured, i, mid)) hi = mid;
      else lo = mid + 1;
    }
    topIdx.splice(lo, 0, i);
    topH.splice(lo, 0, h);
    topBand.splice(lo, 0, band);
    topFeatured.splice(lo, 0, featured);
    if (topIdx.length > k) {
      topIdx.pop();
      topH.pop();
      topBand.pop();
      topFeatured.pop();
    }
    if (boost && topIdx.length === k) {
      const b = topBand[k - 1]!;
      worstLo = b === 0 ? 0 : BAND_H[b - 1]!;
      worstHi = BAND_H[b] ?? Infinity;
    }
  }
  let page: number[];
  if (collectAll) {
    const order = topIdx.map((_, j) => j);
    const band = boost ? topH.map(bandOf) : null;
    const featured = boost ? topIdx.map((i) => featuredUntil[i]! > now) : null;
    order.sort(
      (a, b) =>
        (band ? band[a]! - band[b]! : 0) ||
        (featured ? Number(featured[b]) - Number(featured[a]) : 0) ||
        topH[a]! - topH[b]! ||
        s.rating[topIdx[b]!]! - s.rating[topIdx[a]!]! ||
        s.ids[topIdx[a]!]! - s.ids[topIdx[b]!]!,
    );
    page = order.slice(f.offset, k);
  } else {
    page = [];
    for (let j = f.offset; j < topIdx.length; j++) page.push(j);
  }
  return {
    hits: page.map((j) => ({
      id: s.ids[topIdx[j]!]!,
      distanceMiles: milesOfH(topH[j]!),
      featured: featuredUntil[topIdx[j]!]! > now,
    })),
    total,
  };
}

/**
 * A search around a point in a keyed order (rating, price, experience): the same matches as the
 * distance order, ranked by the technician's place in the keyed order (featured first when
 * boosted), keeping a bounded top-k of (rank, index) with its distance.
 */
function searchKeyed(
  s: Snapshot,
  f: SearchFilters,
  p: Point,
  sort: KeyedSort,
  boost: boolean,
  specialty: Uint8Array | null,
): { hits: SearchHit[]; total: number } {
  const { pos } = keyedOrder(s, sort);
  const now = f.now;
  const { featuredUntil, x, y, z, lng: lngs, available, hRadius, leadsUntil } = s;
  const box = boundingBox(p, f.maxDistance ?? Math.max(s.maxRadius, f.widenTo ?? 0));
  const c = unitVector({ lat: p.latitude, lng: p.longitude });
  const hMax = f.maxDistance === undefined ? -1 : hOfMiles(f.maxDistance);
  const hWiden = f.widenTo === undefined ? -1 : hOfMiles(f.widenTo);
  const k = f.offset + f.limit;
  const checkOther = specialty !== null || f.name !== undefined || f.featured === true;
  // Deep pages: collect every match and sort once instead of a long insertion list.
  const collectAll = k > 1000;
  // Kept sorted by key asc: key = place in the order, plus n for the unfeatured when boosted.
  const topKey: number[] = [];
  const topIdx: number[] = [];
  const topH: number[] = [];
  let total = 0;
  for (let i = lowerBound(s.lat, box.minLat); i < s.n; i++) {
    if (s.lat[i]! > box.maxLat) break;
    const lng = lngs[i]!;
    if (lng < box.minLng || lng > box.maxLng) continue;
    if (f.available && available[i] === 0) continue;
    if (f.leads === true && leadsUntil[i]! <= now) continue;
    const dx = x[i]! - c.x;
    const dy = y[i]! - c.y;
    const dz = z[i]! - c.z;
    const h = (dx * dx + dy * dy + dz * dz) / 4;
    if (h > (hMax < 0 ? Math.max(hRadius[i]!, hWiden) : hMax)) continue;
    if (checkOther && !matches(s, i, f, specialty)) continue;
    total++;
    const key = pos[i]! + (boost && !(featuredUntil[i]! > now) ? s.n : 0);
    if (collectAll) {
      topKey.push(key);
      topIdx.push(i);
      topH.push(h);
      continue;
    }
    if (topKey.length === k && key >= topKey[k - 1]!) continue;
    let lo = 0;
    let hi = topKey.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (topKey[mid]! < key) lo = mid + 1;
      else hi = mid;
    }
    topKey.splice(lo, 0, key);
    topIdx.splice(lo, 0, i);
    topH.splice(lo, 0, h);
    if (topKey.length > k) {
      topKey.pop();
      topIdx.pop();
      topH.pop();
    }
  }
  let page: number[];
  if (collectAll) {
    page = topKey.map((_, j) => j);
    page.sort((a, b) => topKey[a]! - topKey[b]!);
    page = page.slice(f.offset, k);
  } else {
    page = [];
    for (let j = f.offset; j < topIdx.length; j++) page.push(j);
  }
  return {
    hits: page.map((j) => ({
      id: s.ids[topIdx[j]!]!,
      distanceMiles: milesOfH(topH[j]!),
      featured: featuredUntil[topIdx[j]!]! > now,
    })),
    total,
  };
}

export function createTechnicianIndex(db: DbOrTx) {
  let snapshot: Snapshot | undefined;
  let pending: { version: number; promise: Promise<Snapshot> } | undefined;

  async function current(): Promise<Snapshot> {
    const version = await readVersion(db);
    if (snapshot && snapshot.version === version) return snapshot;
    if (!pending || pending.version < version) {
      const promise = load(db, version).then(
        (s) => {
          if (!snapshot || snapshot.version <= s.version) snapshot = s;
          return s;
        },
        (err: unknown) => {
          pending = undefined;
          throw err;
        },
      );
      pending = { version, promise };
    }
    return pending.promise;
  }

  return {
    /** The snapshot as of the latest committed version (reloaded first when behind). */
    current,
  };
}
export type TechnicianIndex = ReturnType<typeof createTechnicianIndex>;
