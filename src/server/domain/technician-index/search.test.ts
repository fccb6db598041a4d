import { describe, expect, it } from 'vitest';
import { PLAN_ENTITLEMENTS } from '@shared/plans';
import { generator } from '@shared/random';
import { planHoldsUntil, tierOf } from '../entitlements';
import { hOfMiles, unitVector } from './geometry';
import { FEATURED_BAND_MILES, searchSnapshot, type SearchFilters } from './search';
import { TechnicianStore, type TechnicianRow } from './store';

/**
 * The grid search against a brute-force reference over the same rows: every filter, order and
 * mode, with pages anywhere, before and after thousands of random changes applied one by one.
 */

const { next: rand, pick } = generator(42);

const TYPES = ['Engine Repair', 'Brake Service', 'Oil Change', 'Transmission', 'Electrical'];
const NAMES = ['ann lee', 'bo young', 'cy king', 'di hall', 'ed scott', 'flo green'];
const TOWNS = [
  [38.95, -76.94],
  [38.9, -77.03],
  [39.1, -77.2],
  [61.2, -149.9], // far north, where longitude degrees are short
] as const;
const NOW = 1_800_000_000_000;
const DAY = 86_400_000;

function randomRow(id: number): TechnicianRow {
  const [lat, lng] = pick(TOWNS);
  const spread = pick([0.002, 0.05, 0.4]);
  const plan = pick([null, 'Basic', 'Premium', 'Professional'] as const);
  return {
    id,
    lat: lat + (rand() - 0.5) * spread,
    lng: lng + (rand() - 0.5) * spread,
    rating: Math.round((2 + rand() * 3) * 10) / 10,
    reviews: Math.floor(rand() * 5),
    radius: pick([5, 10, 15, 25, 50]),
    rateCents: pick([5000, 6000, 7500]),
    years: pick([1, 5, 10]),
    available: rand() < 0.8,
    specialties: [pick(TYPES), pick(TYPES)],
    name: pick(NAMES),
    plan,
    planStatus: plan ? pick(['active', 'active', 'past_due']) : null,
    periodEndMs: plan ? NOW + (rand() - 0.6) * 20 * DAY : null,
  };
}

type Filters = Omit<SearchFilters, 'now'>;

/**
 * What the reference derives from a row alone (plan dates, the point on the sphere), once a row:
 * a changed row is a new object (the test never edits one in place).
 */
const derivedOf = new WeakMap<
  TechnicianRow,
  { leads: number; featured: number; v: ReturnType<typeof unitVector> }
>();
function derived(r: TechnicianRow) {
  let d = derivedOf.get(r);
  if (!d) {
    const until =
      r.plan && r.planStatus ? planHoldsUntil(r.planStatus, new Date(r.periodEndMs!)) : 0;
    const plan = r.plan ? PLAN_ENTITLEMENTS[tierOf(r.plan)] : null;
    d = {
      leads: plan?.leads ? until : 0,
      featured: plan?.featured ? until : 0,
      v: unitVector(r.lat, r.lng),
    };
    derivedOf.set(r, d);
  }
  return d;
}

function reference(rows: Map<number, TechnicianRow>, f: Filters) {
  const point = f.point;
  const c = point ? unitVector(point.latitude, point.longitude) : null;
  const sort =
    f.sort === undefined || (f.sort === 'distance' && !point)
      ? point
        ? 'distance'
        : 'rating'
      : f.sort;
  const list: { r: TechnicianRow; h: number; featured: boolean }[] = [];
  for (const r of rows.values()) {
    const { leads, featured, v } = derived(r);
    if (f.available && !r.available) continue;
    if (f.serviceType !== undefined && !r.specialties.includes(f.serviceType)) continue;
    if (f.name !== undefined && !r.name.includes(f.name)) continue;
    if (f.leads && !(leads > NOW)) continue;
    if (f.featured && !(featured > NOW)) continue;
    let h = 0;
    if (c) {
      h = ((v.x - c.x) ** 2 + (v.y - c.y) ** 2 + (v.z - c.z) ** 2) / 4;
      const limit =
        f.maxDistance !== undefined
          ? hOfMiles(f.maxDistance)
          : Math.max(hOfMiles(r.radius), f.widenTo === undefined ? -1 : hOfMiles(f.widenTo));
      if (h > limit) continue;
    }
    list.push({ r, h, featured: featured > NOW });
  }
  const rank = (a: TechnicianRow, b: TechnicianRow) =>
    b.rating - a.rating || b.reviews - a.reviews || a.id - b.id;
  const boost = f.boost === true;
  list.sort((a, b) => {
    if (sort === 'distance') {
      if (boost) {
        const ba = bandIndex(a.h);
        const bb = bandIndex(b.h);
        if (ba !== bb) return ba - bb;
        if (a.featured !== b.featured) return a.featured ? -1 : 1;
      }
      return a.h - b.h || b.r.rating - a.r.rating || a.r.id - b.r.id;
    }
    if (boost && sort === 'rating' && !f.featured && a.featured !== b.featured)
      return a.featured ? -1 : 1;
    if (sort === 'price') return a.r.rateCents - b.r.rateCents || rank(a.r, b.r);
    if (sort === 'experience') return b.r.years - a.r.years || rank(a.r, b.r);
    return rank(a.r, b.r);
  });
  return {
    ids: list.slice(f.offset, f.offset + f.limit).map((x) => x.r.id),
    total: list.length,
  };
}

/** The band index exactly as the index computes it (edges at multiples of 5 miles, in h). */
const EDGES = Array.from({ length: 2600 }, (_, b) => hOfMiles((b + 1) * FEATURED_BAND_MILES));
function bandIndex(h: number) {
  let lo = 0;
  let hi = EDGES.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (EDGES[mid]! <= h) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function randomFilters(): Filters {
  const [lat, lng] = pick(TOWNS);
  const withPoint = rand() < 0.8;
  const radiusMode = rand() < 0.35;
  return {
    point: withPoint
      ? { latitude: lat + (rand() - 0.5) * 0.3, longitude: lng + (rand() - 0.5) * 0.3 }
      : undefined,
    maxDistance: withPoint && !radiusMode ? pick([0.3, 1, 5, 12.5, 25, 60]) : undefined,
    widenTo: withPoint && radiusMode && rand() < 0.3 ? pick([8, 30]) : undefined,
    serviceType: rand() < 0.4 ? pick([...TYPES, 'Unknown']) : undefined,
    name: rand() < 0.15 ? pick(['an', 'o', 'zz', 'ki']) : undefined,
    available: rand() < 0.7,
    leads: rand() < 0.1,
    featured: rand() < 0.1,
    boost: rand() < 0.7,
    sort: rand() < 0.6 ? undefined : pick(['distance', 'rating', 'price', 'experience'] as const),
    offset: pick([0, 0, 3, 17, 60, 990, 1400]),
    limit: pick([1, 5, 20]),
  };
}

function check(store: TechnicianStore, rows: Map<number, TechnicianRow>, count: number) {
  for (let k = 0; k < count; k++) {
    const f = randomFilters();
    const got = searchSnapshot(store, { ...f, now: NOW });
    const want = reference(rows, f);
    const label = JSON.stringify(f);
    expect(
      got.hits.map((h) => h.id),
      label,
    ).toEqual(want.ids);
    expect(got.total, label).toBe(want.total);
    // Without the total (dispatch), the page is the same and `more` is never wrongly false.
    const quick = searchSnapshot(store, { ...f, now: NOW, countTotal: false });
    expect(
      quick.hits.map((h) => h.id),
      label,
    ).toEqual(want.ids);
    if (want.total > f.offset + f.limit) expect(quick.more, label).toBe(true);
  }
}

describe('technician index: grid search', () => {
  it('matches a brute-force reference, before and after random changes applied one by one', () => {
    const rows = new Map<number, TechnicianRow>();
    for (let id = 1; id <= 3000; id++) rows.set(id, randomRow(id));
    const store = TechnicianStore.fromRows([...rows.values()], 1);
    check(store, rows, 400);
    // Build the keyed orders, so the changes below keep them sorted too.
    for (const sort of ['rating', 'price', 'experience'] as const) store.order(sort);
    let nextId = 3001;
    for (let round = 0; round < 4; round++) {
      for (let k = 0; k < 700; k++) {
        const roll = rand();
        if (roll < 0.15) {
          const id = nextId++;
          rows.set(id, randomRow(id));
          store.upsert(id, rows.get(id)!);
        } else {
          const ids = [...rows.keys()];
          const id = pick(ids);
          if (roll < 0.25) {
            rows.delete(id);
            store.upsert(id, null);
          } else {
            const r = { ...rows.get(id)! };
            if (roll < 0.45) r.available = !r.available;
            else if (roll < 0.6) r.rating = Math.round((2 + rand() * 3) * 10) / 10;
            else if (roll < 0.75) {
              const moved = randomRow(id);
              r.lat = moved.lat;
              r.lng = moved.lng;
            } else if (roll < 0.85) r.radius = pick([5, 10, 15, 20, 25, 50]);
            else if (roll < 0.95) {
              const p = randomRow(id);
              r.plan = p.plan;
              r.planStatus = p.planStatus;
              r.periodEndMs = p.periodEndMs;
            } else r.specialties = [pick(TYPES)];
            rows.set(id, r);
            store.upsert(id, r);
          }
        }
      }
      expect(store.n).toBe(rows.size);
      check(store, rows, 250);
    }
  });

  it('finds a keyed page whose matches lie at the end of the order, and pages of every size', () => {
    // The available technicians rate lowest, have the fewest years and the highest rate: a
    // walk of any keyed order reaches them last, so the search must give the walk up and
    // collect the disc's matches instead.
    const rows = new Map<number, TechnicianRow>();
    const [lat, lng] = TOWNS[2];
    for (let id = 1; id <= 4000; id++) {
      const available = id % 10 === 0;
      rows.set(id, {
        ...randomRow(id),
        lat: lat + (rand() - 0.5) * 0.05,
        lng: lng + (rand() - 0.5) * 0.05,
        available,
        rating: available ? 2 : 4 + rand(),
        years: available ? 1 : 10,
        rateCents: available ? 9000 : 5000,
      });
    }
    const store = TechnicianStore.fromRows([...rows.values()], 1);
    for (const sort of ['rating', 'price', 'experience'] as const)
      for (const limit of [0, 1, 20])
        for (const offset of [0, 7, 350])
          for (const maxDistance of [5, undefined]) {
            const f: Filters = {
              point: { latitude: lat, longitude: lng },
              maxDistance,
              available: true,
              sort,
              offset,
              limit,
            };
            const want = reference(rows, f);
            expect(want.total).toBeGreaterThan(350);
            for (const knownTotal of [undefined, want.total]) {
              const got = searchSnapshot(store, { ...f, now: NOW, knownTotal });
              expect(
                got.hits.map((h) => h.id),
                JSON.stringify(f),
              ).toEqual(want.ids);
              expect(got.total).toBe(want.total);
            }
          }
  });

  it('counts name searches the same with and without the per-name counts', () => {
    const rows = new Map<number, TechnicianRow>();
    for (let id = 1; id <= 2000; id++) rows.set(id, randomRow(id));
    const store = TechnicianStore.fromRows([...rows.values()], 1);
    const withCounts = store.nameCounts;
    expect(withCounts).not.toBeNull();
    for (const name of ['an', 'o', 'zz', 'lee'])
      for (const serviceType of [undefined, 'Oil Change'])
        for (const available of [true, false])
          for (const limit of [0, 20]) {
            const f: Filters = { name, serviceType, available, sort: 'rating', offset: 0, limit };
            const want = reference(rows, f);
            // Past NAME_COUNTS_UP_TO distinct names a store keeps no per-name counts.
            for (const counts of [withCounts, null]) {
              store.nameCounts = counts;
              const got = searchSnapshot(store, { ...f, now: NOW });
              expect(
                got.hits.map((h) => h.id),
                JSON.stringify(f),
              ).toEqual(want.ids);
              expect(got.total, JSON.stringify(f)).toBe(want.total);
            }
          }
  });

  it('answers an empty store and a store of one', () => {
    const empty = TechnicianStore.fromRows([], 0);
    const f = { available: true, now: NOW, offset: 0, limit: 10 };
    expect(searchSnapshot(empty, f)).toEqual({ hits: [], total: 0, more: false });
    expect(
      searchSnapshot(empty, { ...f, point: { latitude: 38.9, longitude: -77 }, maxDistance: 25 }),
    ).toEqual({ hits: [], total: 0, more: false });
    const one = TechnicianStore.fromRows([{ ...randomRow(7), available: true }], 0);
    expect(searchSnapshot(one, f).hits.map((h) => h.id)).toEqual([7]);
  });

  it('keeps the searchable service types apart from any number of other specialty names', () => {
    const rows = Array.from({ length: 30 }, (_, k) => ({
      ...randomRow(k + 1),
      available: true,
      specialties: [`Legacy skill ${k}`],
    }));
    rows.push({ ...randomRow(99), available: true, specialties: ['Legacy skill 3', 'Oil Change'] });
    const store = TechnicianStore.fromRows(rows, 0);
    const f = { available: true, now: NOW, offset: 0, limit: 10, serviceType: 'Oil Change' };
    expect(searchSnapshot(store, f)).toMatchObject({ total: 1, hits: [{ id: 99 }] });
  });
});
