import { EARTH_RADIUS_MILES, type Point } from '@shared/geo';
import {
  cellKey,
  COARSE_SHIFT,
  FINE,
  fineCol,
  fineRow,
  hOfMiles,
  insideBy,
  MID_SHIFT,
  milesOfH,
  outsideBy,
  probeOf,
  ringLowerH,
  type Probe,
} from './geometry';
import { type Cell, COMBOS, comboOf, type KeyedSort, type TechnicianStore } from './store';

/** Featured technicians come first within each band of this many miles (ADR 014). */
export const FEATURED_BAND_MILES = 5;

export type IndexSort = 'distance' | 'rating' | 'price' | 'experience';

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
  /**
   * false: the total is not needed (dispatch): the search stops once the page is certain, and
   * `more` says whether matches may lie beyond it. Default true: `total` is exact.
   */
  countTotal?: boolean;
  /** The total when the caller already knows it (kept exact change by change): not counted. */
  knownTotal?: number;
};

export type SearchHit = { id: number; distanceMiles?: number; featured?: boolean };
export type SearchResult = { hits: SearchHit[]; total: number; more: boolean };

/** First k with sorted[k] > x. */
function upperBound(sorted: ArrayLike<number>, x: number): number {
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
 * How many featured listings of the snapshot have run out by `now`: a search answer (and a
 * cached page) holds while this and the version stay the same.
 */
export function featuredEpoch(s: TechnicianStore, now: number) {
  return upperBound(s.featuredExpiries, now);
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

const nameCache = new WeakMap<TechnicianStore, Map<string, { size: number; ok: Uint8Array }>>();

/** Which distinct names contain the fragment (one test per distinct name, not per technician). */
function namesMatching(s: TechnicianStore, fragment: string): Uint8Array {
  let byFragment = nameCache.get(s);
  if (!byFragment) nameCache.set(s, (byFragment = new Map()));
  let entry = byFragment.get(fragment);
  if (!entry || entry.size !== s.names.length) {
    const ok = new Uint8Array(s.names.length);
    for (let k = 0; k < s.names.length; k++) if (s.names[k]!.includes(fragment)) ok[k] = 1;
    if (byFragment.size > 64) byFragment.clear();
    byFragment.set(fragment, (entry = { size: s.names.length, ok }));
  }
  return entry.ok;
}

/** A query compiled against one store. */
type Query = {
  s: TechnicianStore;
  f: SearchFilters;
  mask: number;
  nameOk: Uint8Array | null;
  combo: number;
  /** Counts per cell answer the total (no name, leads or featured filter). */
  countable: boolean;
  /**
   * The filters matches() tests, copied out of `f`: the filters come in objects of several
   * shapes (spread with a known total, say), and reading them there in the inner loops made
   * those loads polymorphic; a Query always has this one shape.
   */
  available: boolean;
  leads: boolean;
  featured: boolean;
  now: number;
};

function matches(q: Query, i: number): boolean {
  const { s } = q;
  if (q.available && s.available[i] === 0) return false;
  if (q.mask !== 0 && (s.spec[i]! & q.mask) === 0) return false;
  if (q.leads && s.leadsUntil[i]! <= q.now) return false;
  if (q.featured && s.featuredUntil[i]! <= q.now) return false;
  if (q.nameOk !== null && q.nameOk[s.nameId[i]!] === 0) return false;
  return true;
}

export function searchSnapshot(s: TechnicianStore, f: SearchFilters): SearchResult {
  let mask = 0;
  let bit = -1;
  if (f.serviceType !== undefined) {
    bit = s.specialtyBit(f.serviceType, false);
    if (bit < 0) return { hits: [], total: 0, more: false };
    mask = 1 << bit;
  }
  const q: Query = {
    s,
    f,
    mask,
    nameOk: f.name === undefined ? null : namesMatching(s, f.name),
    combo: comboOf(f.available, bit),
    countable: f.name === undefined && !f.leads && !f.featured,
    available: f.available,
    leads: f.leads === true,
    featured: f.featured === true,
    now: f.now,
  };
  const sort: KeyedSort | 'distance' =
    f.sort === undefined || (f.sort === 'distance' && !f.point)
      ? f.point
        ? 'distance'
        : 'rating'
      : f.sort;
  if (!f.point) return searchEverywhere(q, sort === 'distance' ? 'rating' : sort);
  const disc = discOf(q, f.point);
  if (sort === 'distance') return searchNearest(q, disc);
  return searchKeyed(q, disc, sort);
}

/** The place searched around and how far each technician may be from it. */
type Disc = {
  p: Probe;
  /** maxDistance's term, or -1: each technician's own radius (at least widen's). */
  hMax: number;
  hWiden: number;
  /** An upper bound of any technician's limit. */
  hOuter: number;
};

function discOf(q: Query, point: Point): Disc {
  const f = q.f;
  const hMax = f.maxDistance === undefined ? -1 : hOfMiles(f.maxDistance);
  const hWiden = f.widenTo === undefined ? -1 : hOfMiles(f.widenTo);
  return {
    p: probeOf(point.latitude, point.longitude),
    hMax,
    hWiden,
    hOuter: hMax >= 0 ? hMax : Math.max(hOfMiles(q.s.maxRadius), hWiden),
  };
}

/** The term of slot i's distance from the disc's centre, or -1 when it is outside the disc. */
function hIn(q: Query, d: Disc, i: number): number {
  const { s } = q;
  const dx = s.x[i]! - d.p.v.x;
  const dy = s.y[i]! - d.p.v.y;
  const dz = s.z[i]! - d.p.v.z;
  const h = (dx * dx + dy * dy + dz * dz) / 4;
  const limit = d.hMax >= 0 ? d.hMax : Math.max(s.classH[s.radiusClass[i]!]!, d.hWiden);
  return h <= limit ? h : -1;
}

/** A cell's own bound of its technicians' limits. */
const cellLimit = (d: Disc, c: Cell) =>
  d.hMax >= 0 ? d.hMax : Math.max(hOfMiles(c.maxRadius), d.hWiden);

const SIZES = [FINE, FINE * (1 << MID_SHIFT), FINE * (1 << COARSE_SHIFT)] as const;

/**
 * [hMin, hMax] from p over a cell, from the chord to its centre plus or minus the chord to its
 * farthest corner (the triangle inequality in space): no trigonometry per cell.
 */
let LO = 0;
let HI = 0;
/** Sets LO and HI (no allocation: called for thousands of cells per search). */
function rangeOf(p: Probe, c: Cell) {
  const dx = p.v.x - c.cx;
  const dy = p.v.y - c.cy;
  const dz = p.v.z - c.cz;
  const cc = Math.sqrt(dx * dx + dy * dy + dz * dz);
  const lo = Math.max(0, cc - c.rho);
  const hi = cc + c.rho;
  LO = (lo * lo) / 4;
  HI = (hi * hi) / 4;
}

/**
 * The exact number of matches in the disc, from the counts of whole cells and a scan of the
 * cells on its edge only (countable queries). With maxDistance: one disc. With each
 * technician's own radius: one disc per radius class, from the per-class counts.
 */
function countDisc(q: Query, d: Disc): number {
  const { s } = q;
  const combo = q.combo;
  const coarse = coarseAround(s, d);
  if (d.hMax >= 0) {
    let total = 0;
    const limit = d.hMax;
    const visit = (cell: Cell, level: 0 | 1 | 2, lo: number, hi: number) => {
      const count = s.countIn(cell, combo);
      if (count === 0 || outsideBy(lo, limit)) return;
      if (insideBy(hi, limit)) {
        total += count;
        return;
      }
      if (level === 0) {
        s.forSlots(cell, (i) => {
          if (hIn(q, d, i) >= 0 && matches(q, i)) total++;
        });
        return;
      }
      forChildren(s, cell, level, d.p, visit);
    };
    for (const { cell, lo, hi } of coarse) visit(cell, 2, lo, hi);
    return total;
  }
  // Per radius class: a technician of class c matches within max(radius(c), widen). The mid
  // cells' distance ranges are computed once for all classes.
  let total = 0;
  const midRange = new Float64Array(s.midList.length * 2).fill(-1);
  const pool = s.classPool;
  for (const { cell, lo, hi } of coarse) {
    const at = cell.classAt!;
    for (let c = 0; c < at.length; c++) {
      const o = at[c]!;
      if (o < 0 || pool[o + combo] === 0) continue;
      const limit = Math.max(s.classH[c]!, d.hWiden);
      if (outsideBy(lo, limit)) continue;
      if (insideBy(hi, limit)) {
        total += pool[o + combo]!;
        continue;
      }
      const children = cell.children!;
      for (let k = 0; k < 16; k++) {
        const mid = children[k];
        if (!mid) continue;
        const mAt = mid.classAt!;
        const mo = c < mAt.length ? mAt[c]! : -1;
        if (mo < 0 || pool[mo + combo] === 0) continue;
        const m = mid.index * 2;
        if (midRange[m]! < 0) {
          rangeOf(d.p, mid);
          midRange[m] = LO;
          midRange[m + 1] = HI;
        }
        if (outsideBy(midRange[m]!, limit)) continue;
        if (insideBy(midRange[m + 1]!, limit)) {
          total += pool[mo + combo]!;
          continue;
        }
        total += countClassEdge(q, d, mid, c, limit);
      }
    }
  }
  return total;
}

/**
 * The matches of one radius class in a mid cell on that class's edge (`limit`: the class's
 * term). The innermost loop of a count around a point without maxDistance, so written out
 * rather than through forClassSlots and a callback: about 4 times faster.
 */
function countClassEdge(q: Query, d: Disc, mid: Cell, cls: number, limit: number): number {
  const { s } = q;
  const { fineOf, midOfFine, radiusClass, x, y, z } = s;
  const { x: px, y: py, z: pz } = d.p.v;
  let total = 0;
  const start = mid.classStart;
  if (start && cls + 1 < start.length) {
    const members = mid.classMembers!;
    const end = start[cls + 1]!;
    for (let k = start[cls]!; k < end; k++) {
      const i = members[k]!;
      const f = fineOf[i]!;
      if (f < 0 || midOfFine[f] !== mid.index || radiusClass[i] !== cls) continue;
      const dx = x[i]! - px;
      const dy = y[i]! - py;
      const dz = z[i]! - pz;
      if ((dx * dx + dy * dy + dz * dz) / 4 <= limit && matches(q, i)) total++;
    }
  }
  if (mid.extra)
    for (const i of mid.extra)
      if (radiusClass[i] === cls && hIn(q, d, i) >= 0 && matches(q, i)) total++;
  return total;
}

/** An upper bound of the slots collecting the disc would scan: its coarse cells' technicians. */
function slotsAround(q: Query, d: Disc) {
  let n = 0;
  for (const { cell } of coarseAround(q.s, d)) n += q.s.countIn(cell, 0);
  return n;
}

/** The coarse cells that may hold technicians of the disc, with their distance ranges. */
function coarseAround(s: TechnicianStore, d: Disc) {
  const out: { cell: Cell; lo: number; hi: number }[] = [];
  const miles = milesOfH(d.hOuter);
  const dLat = (miles / EARTH_RADIUS_MILES) * (180 / Math.PI);
  const consider = (cell: Cell) => {
    rangeOf(d.p, cell);
    if (!outsideBy(LO, d.hOuter)) out.push({ cell, lo: LO, hi: HI });
  };
  const r0 = fineRow(d.p.lat - dLat) >> COARSE_SHIFT;
  const r1 = fineRow(d.p.lat + dLat) >> COARSE_SHIFT;
  const cosLat = Math.max(Math.cos(((Math.abs(d.p.lat) + dLat) * Math.PI) / 180), 1e-6);
  const dLng = Math.min(180, dLat / cosLat);
  const c0 = fineCol(d.p.lng - dLng) >> COARSE_SHIFT;
  const c1 = fineCol(d.p.lng + dLng) >> COARSE_SHIFT;
  if ((r1 - r0 + 1) * (c1 - c0 + 1) > s.coarseCells.size || Math.abs(d.p.lat) + dLat >= 89) {
    for (const cell of s.coarseCells.values()) consider(cell);
  } else {
    for (let r = r0; r <= r1; r++)
      for (let c = c0; c <= c1; c++) {
        const cell = s.coarseCells.get(cellKey(r, c));
        if (cell) consider(cell);
      }
  }
  return out;
}

/** Calls back for each existing child cell (a level lower) with its distance range. */
function forChildren(
  s: TechnicianStore,
  cell: Cell,
  level: 1 | 2,
  p: Probe,
  visit: (child: Cell, level: 0 | 1, lo: number, hi: number) => void,
) {
  const childLevel = (level - 1) as 0 | 1;
  const children = cell.children!;
  for (let k = 0; k < 16; k++) {
    const child = children[k];
    if (child) {
      rangeOf(p, child);
      visit(child, childLevel, LO, HI);
    }
  }
}

/**
 * Every match in the disc (for counts the grid cannot answer and for keyed orders of small
 * results): cells outside it or without a possible match are skipped whole.
 */
function forEachInDisc(q: Query, d: Disc, visit: (i: number, h: number) => void) {
  const { s } = q;
  const walk = (cell: Cell, level: 0 | 1 | 2, lo: number) => {
    if (s.countIn(cell, q.combo) === 0 || outsideBy(lo, cellLimit(d, cell))) return;
    if (level === 0) scanFine(q, d, cell, visit);
    else forChildren(s, cell, level, d.p, walk);
  };
  for (const { cell, lo } of coarseAround(s, d)) walk(cell, 2, lo);
}

/**
 * A fine cell's matches in the disc. The innermost loop of collecting a disc, written out rather
 * than through forSlots and hIn's callback (several times faster at a million technicians).
 */
function scanFine(q: Query, d: Disc, cell: Cell, visit: (i: number, h: number) => void) {
  const { fineOf, x, y, z, radiusClass, classH } = q.s;
  const { x: px, y: py, z: pz } = d.p.v;
  const { hMax, hWiden } = d;
  const own = hMax < 0;
  const index = cell.index;
  for (let i = cell.start; i < cell.end; i++) {
    if (fineOf[i] !== index) continue;
    const dx = x[i]! - px;
    const dy = y[i]! - py;
    const dz = z[i]! - pz;
    const h = (dx * dx + dy * dy + dz * dz) / 4;
    if (h > (own ? Math.max(classH[radiusClass[i]!]!, hWiden) : hMax)) continue;
    if (matches(q, i)) visit(i, h);
  }
  if (cell.extra)
    for (const i of cell.extra) {
      const h = hIn(q, d, i);
      if (h >= 0 && matches(q, i)) visit(i, h);
    }
}

/** A binary min-heap of cells by their nearest distance. */
class CellHeap {
  h: number[] = [];
  cells: Cell[] = [];
  levels: number[] = [];
  get size() {
    return this.h.length;
  }
  push(h: number, cell: Cell, level: number) {
    const { h: hs, cells, levels } = this;
    let k = hs.length;
    hs.push(h);
    cells.push(cell);
    levels.push(level);
    while (k > 0) {
      const parent = (k - 1) >> 1;
      if (hs[parent]! <= h) break;
      hs[k] = hs[parent]!;
      cells[k] = cells[parent]!;
      levels[k] = levels[parent]!;
      k = parent;
    }
    hs[k] = h;
    cells[k] = cell;
    levels[k] = level;
  }
  pop(): { h: number; cell: Cell; level: number } {
    const { h: hs, cells, levels } = this;
    const top = { h: hs[0]!, cell: cells[0]!, level: levels[0]! };
    const lastH = hs.pop()!;
    const lastCell = cells.pop()!;
    const lastLevel = levels.pop()!;
    const n = hs.length;
    if (n > 0) {
      let k = 0;
      for (;;) {
        let c = 2 * k + 1;
        if (c >= n) break;
        if (c + 1 < n && hs[c + 1]! < hs[c]!) c++;
        if (hs[c]! >= lastH) break;
        hs[k] = hs[c]!;
        cells[k] = cells[c]!;
        levels[k] = levels[c]!;
        k = c;
      }
      hs[k] = lastH;
      cells[k] = lastCell;
      levels[k] = lastLevel;
    }
    return top;
  }
}

/**
 * Cells nearest first: coarse cells are added ring by ring around the point as the search
 * reaches them, split into their mid and fine cells, and fine cells are scanned; `stop(hMin)`
 * ends the walk once no cell that near can still change the answer.
 */
function walkNearest(
  q: Query,
  d: Disc,
  scan: (i: number, h: number) => void,
  stop: (hMin: number) => boolean,
) {
  const { s } = q;
  const heap = new CellHeap();
  const size = SIZES[2];
  const pr = fineRow(d.p.lat) >> COARSE_SHIFT;
  const pc = fineCol(d.p.lng) >> COARSE_SHIFT;
  // Rings reach the disc's box: its latitude span, and its longitude span where degrees of
  // longitude are shortest.
  const dLat = (milesOfH(d.hOuter) / EARTH_RADIUS_MILES) * (180 / Math.PI);
  const cosLat = Math.max(Math.cos((Math.min(90, Math.abs(d.p.lat) + dLat) * Math.PI) / 180), 1e-6);
  const maxRing = Math.min(
    Math.ceil(Math.max(dLat, Math.min(180, dLat / cosLat)) / size) + 2,
    1 << 14,
  );
  let ring = 0;
  const consider = (cell: Cell, level: number, lo: number) => {
    if (s.countIn(cell, q.combo) === 0 || outsideBy(lo, cellLimit(d, cell))) return;
    heap.push(lo, cell, level);
  };
  const addRing = () => {
    const r = ring++;
    for (let row = pr - r; row <= pr + r; row++) {
      const edge = row === pr - r || row === pr + r;
      for (let col = pc - r; col <= pc + r; col += edge ? 1 : 2 * r) {
        const cell = s.coarseCells.get(cellKey(row, col));
        if (cell) {
          rangeOf(d.p, cell);
          consider(cell, 2, LO);
        }
        if (r === 0) break;
      }
    }
  };
  for (;;) {
    const ringH = ring > maxRing ? Infinity : ringLowerH(d.p, ring, size);
    if (ringH !== Infinity && (heap.size === 0 || ringH <= heap.h[0]!)) {
      if (outsideBy(ringH, d.hOuter) || (s.coarseCells.size === 0 && heap.size === 0)) {
        ring = maxRing + 1;
        continue;
      }
      addRing();
      continue;
    }
    if (heap.size === 0) return;
    if (stop(heap.h[0]!)) return;
    const { cell, level } = heap.pop();
    if (level === 0) {
      s.forSlots(cell, (i) => {
        const h = hIn(q, d, i);
        if (h >= 0 && matches(q, i)) scan(i, h);
      });
    } else forChildren(s, cell, level as 1 | 2, d.p, consider);
  }
}

/**
 * Nearest first (featured first within each FEATURED_BAND_MILES band when boosted), then best
 * rated, then by id: a bounded top-k filled nearest cells first, stopping once the next cell
 * cannot beat the last kept entry; the total from the grid's counts.
 */
function searchNearest(q: Query, d: Disc): SearchResult {
  const { s, f } = q;
  const k = f.offset + f.limit;
  const boost = f.boost === true;
  const now = f.now;
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
  const countInWalk = f.countTotal !== false && !q.countable && f.knownTotal === undefined;
  // A page past the end costs nothing; a deep page (a bounded insertion list would shift
  // thousands of entries per match) collects every match and sorts once.
  const known = f.knownTotal ?? (q.countable && f.countTotal !== false ? countDisc(q, d) : -1);
  if (known >= 0 && f.offset >= known) return { hits: [], total: known, more: false };
  const deep = k > DEEP_PAGE;
  let seen = 0;
  const scan = (i: number, h: number) => {
    seen++;
    const band = boost ? bandOf(h) : 0;
    const featured = s.featuredUntil[i]! > now;
    if (deep) {
      topIdx.push(i);
      topH.push(h);
      topBand.push(band);
      topFeatured.push(featured);
      return;
    }
    if (topIdx.length === k && !before(h, band, featured, i, k - 1)) return;
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
  };
  let stopped = false;
  const stop = (hMin: number) => {
    if (deep || countInWalk || topIdx.length < k || k === 0) return k === 0 && !countInWalk;
    const last = k - 1;
    let done: boolean;
    if (!boost) done = hMin > topH[last]!;
    else {
      const band = bandOf(hMin);
      done =
        band > topBand[last]! ||
        (band === topBand[last]! && topFeatured[last]! && hMin > topH[last]!);
    }
    if (done) stopped = true;
    return done;
  };
  walkNearest(q, d, scan, stop);
  let order: number[] | null = null;
  if (deep) {
    order = topIdx.map((_, j) => j);
    order.sort(
      (a, b) =>
        (boost
          ? topBand[a]! - topBand[b]! || Number(topFeatured[b]) - Number(topFeatured[a])
          : 0) ||
        topH[a]! - topH[b]! ||
        s.rating[topIdx[b]!]! - s.rating[topIdx[a]!]! ||
        s.ids[topIdx[a]!]! - s.ids[topIdx[b]!]!,
    );
  }
  const total = known >= 0 ? known : seen;
  const hits: SearchHit[] = [];
  for (let p = f.offset; p < Math.min(k, topIdx.length); p++) {
    const j = order ? order[p]! : p;
    hits.push({
      id: s.ids[topIdx[j]!]!,
      distanceMiles: milesOfH(topH[j]!),
      featured: topFeatured[j]!,
    });
  }
  return { hits, total, more: f.countTotal === false ? stopped || seen > k : total > k };
}

/** Pages reaching deeper than this many results collect every match and sort once. */
const DEEP_PAGE = 1000;

/**
 * The first k of a stream of slots in an order (a comparator of two slots): a sorted list that
 * takes a slot only when it beats the last kept one, so most slots cost one comparison, where
 * collecting and sorting them all cost n log n comparisons and an object each. Deep pages
 * (k > DEEP_PAGE) keep everything and sort once.
 */
class TopK {
  readonly idx: number[] = [];
  readonly h: number[] = [];
  seen = 0;
  private readonly deep: boolean;
  constructor(
    private readonly k: number,
    private readonly cmp: (a: number, b: number) => number,
  ) {
    this.deep = k > DEEP_PAGE;
  }
  offer(i: number, h: number) {
    this.seen++;
    const { idx, k, cmp } = this;
    if (k === 0) return;
    if (this.deep) {
      idx.push(i);
      this.h.push(h);
      return;
    }
    if (idx.length === k && cmp(i, idx[k - 1]!) >= 0) return;
    let lo = 0;
    let hi = idx.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cmp(i, idx[mid]!) < 0) hi = mid;
      else lo = mid + 1;
    }
    idx.splice(lo, 0, i);
    this.h.splice(lo, 0, h);
    if (idx.length > k) {
      idx.pop();
      this.h.pop();
    }
  }
  /** Positions from..to of the order: [slot, distance term]. */
  range(from: number, to: number): [number, number][] {
    const { idx, h } = this;
    let order = idx.map((_, j) => j);
    if (this.deep) order.sort((a, b) => this.cmp(idx[a]!, idx[b]!));
    order = order.slice(from, to);
    return order.map((j) => [idx[j]!, h[j]!]);
  }
}

/** A keyed order's comparison, featured listings first when boosted. */
function keyedComparator(q: Query, sort: KeyedSort, boost: boolean) {
  const cmp = q.s.comparator(sort);
  if (!boost) return cmp;
  const { featuredUntil } = q.s;
  const now = q.now;
  return (a: number, b: number) =>
    (featuredUntil[a]! > now ? 0 : 1) - (featuredUntil[b]! > now ? 0 : 1) || cmp(a, b);
}

/**
 * A keyed order's walk visits about k * n / total technicians when matches are spread evenly
 * through it, but matches clustered at its end (a small disc whose technicians rate low) make
 * it visit nearly all n. Collecting the disc's matches instead costs the slots of the cells it
 * scans. The walk is tried when its estimate is well below the collection's cost, and given up
 * (for the collection) once it has cost as much as the collection would: never much more than
 * twice the cheaper of the two. Measured at a million technicians: a walk step (a technician in
 * random order) costs about COLLECT_STEPS slots of a collection (cell by cell, in memory order).
 */
const COLLECT_STEPS = 3;

/**
 * Walks a keyed order for the first k matches (featured ones first when boosted); null when the
 * budget of steps ran out first.
 */
function walkOrder(
  q: Query,
  sort: KeyedSort,
  boost: boolean,
  k: number,
  budget: number,
  hOf: (i: number) => number,
): [number, number][] | null {
  const { s } = q;
  const order = s.order(sort);
  const out: [number, number][] = [];
  let steps = 0;
  for (const featuredPass of boost ? [true, false] : [null]) {
    for (let j = 0; j < s.n && out.length < k; j++) {
      if (++steps > budget) return null;
      const i = order[j]!;
      if (featuredPass !== null && s.featuredUntil[i]! > q.now !== featuredPass) continue;
      if (!matches(q, i)) continue;
      const h = hOf(i);
      if (h >= 0) out.push([i, h]);
    }
  }
  return out;
}

/**
 * A search around a point in a keyed order (rating, price, experience): the same matches as the
 * distance order, ranked by the technician's place in the keyed order (featured first when
 * boosted on rating). Walks the order testing each technician against the disc when matches
 * are common; collects the disc's matches into a bounded top-k when they are rare (or the walk
 * ran out of its budget).
 */
function searchKeyed(q: Query, d: Disc, sort: KeyedSort): SearchResult {
  const { s, f } = q;
  const k = f.offset + f.limit;
  const boost = f.boost === true && sort === 'rating' && !f.featured;
  const now = q.now;
  const cmp = keyedComparator(q, sort, boost);
  let total: number;
  let top: TopK | null = null;
  if (f.knownTotal !== undefined) total = f.knownTotal;
  else if (q.countable) total = countDisc(q, d);
  else {
    const t = (top = new TopK(k, cmp));
    forEachInDisc(q, d, (i, h) => t.offer(i, h));
    total = t.seen;
  }
  const hits: SearchHit[] = [];
  const push = ([i, h]: [number, number]) =>
    hits.push({ id: s.ids[i]!, distanceMiles: milesOfH(h), featured: s.featuredUntil[i]! > now });
  if (k === 0 || total === 0) return { hits, total, more: total > 0 };
  let page: [number, number][] | null = null;
  if (!top) {
    const around = slotsAround(q, d);
    const budget = around / COLLECT_STEPS;
    if ((4 * k * s.n) / total < budget)
      page = walkOrder(q, sort, boost, k, budget, (i) => hIn(q, d, i));
    if (page) page = page.slice(f.offset);
  }
  if (!page) {
    if (!top) {
      const t = (top = new TopK(k, cmp));
      forEachInDisc(q, d, (i, h) => t.offer(i, h));
    }
    page = top.range(f.offset, k);
  }
  page.forEach(push);
  return { hits, total, more: total > k };
}

/**
 * Without a point, a name search's total from the store's per-name counts (the names that
 * match the fragment, summed); -1 when they cannot answer (no counts kept, or a leads or
 * featured filter).
 */
function countByName(q: Query): number {
  const counts = q.s.nameCounts;
  const ok = q.nameOk;
  if (!counts || !ok || q.leads || q.featured) return -1;
  let total = 0;
  for (let k = 0; k < ok.length; k++) if (ok[k] === 1) total += counts[k * COMBOS + q.combo]!;
  return total;
}

/** Without a point: the keyed order (rating by default), featured first when boosted. */
function searchEverywhere(q: Query, sort: KeyedSort): SearchResult {
  const { s, f } = q;
  const now = q.now;
  const k = f.offset + f.limit;
  const boost = f.boost === true && sort === 'rating' && !f.featured;
  const hits: SearchHit[] = [];
  let total = f.knownTotal ?? (q.countable ? s.totals[q.combo]! : countByName(q));
  const push = ([i]: [number, number]) =>
    hits.push({ id: s.ids[i]!, featured: s.featuredUntil[i]! > now });
  // Many matches: the order's walk finds the page within about k * n / total steps (given up
  // for the pass when it costs as much). Few (or an unknown number): one sequential pass over
  // the slots counts them and keeps the page.
  // A known total of none (a name no technician has) needs no pass.
  if (total === 0) return { hits, total, more: false };
  let page: [number, number][] | null = null;
  if (total > 0 && (k * s.n) / total <= s.n / 4)
    page = walkOrder(q, sort, boost, k, s.n / COLLECT_STEPS, () => 0);
  if (!page) {
    const top = new TopK(k, keyedComparator(q, sort, boost));
    const { fineOf, used, nameId } = s;
    const nameOk = q.nameOk;
    for (let i = 0; i < used; i++) {
      // The name first: a fragment rules out most technicians by one lookup.
      if (nameOk !== null && nameOk[nameId[i]!] === 0) continue;
      if (fineOf[i] !== -1 && matches(q, i)) top.offer(i, 0);
    }
    total = top.seen;
    page = top.range(0, k);
  }
  page.slice(f.offset).forEach(push);
  return { hits, total, more: total > k };
}

/**
 * One technician's columns, detached from the store: what a change was before and after it is
 * applied, so a cached answer can be judged against it (technicians.service.ts).
 */
export type TechState = {
  id: number;
  x: number;
  y: number;
  z: number;
  hRadius: number;
  rating: number;
  reviews: number;
  rateCents: number;
  years: number;
  available: boolean;
  spec: number;
  name: string;
  leadsUntil: number;
  featuredUntil: number;
};

export function stateOf(s: TechnicianStore, id: number): TechState | null {
  const i = s.slotOf(id);
  if (i < 0) return null;
  return {
    id,
    x: s.x[i]!,
    y: s.y[i]!,
    z: s.z[i]!,
    hRadius: s.classH[s.radiusClass[i]!]!,
    rating: s.rating[i]!,
    reviews: s.reviews[i]!,
    rateCents: s.rateCents[i]!,
    years: s.years[i]!,
    available: s.available[i] === 1,
    spec: s.spec[i]!,
    name: s.names[s.nameId[i]!]!,
    leadsUntil: s.leadsUntil[i]!,
    featuredUntil: s.featuredUntil[i]!,
  };
}

/** The search's order, resolved as searchSnapshot resolves it. */
const orderOf = (f: SearchFilters): KeyedSort | 'distance' =>
  f.sort === undefined || (f.sort === 'distance' && !f.point)
    ? f.point
      ? 'distance'
      : 'rating'
    : f.sort;

/**
 * Whether a detached technician matches the search, as searchSnapshot decides: its distance
 * term (0 without a point), or -1. Compiled once per search (the point's vector, the limits);
 * `now` judges plans.
 */
export function stateMatcher(s: TechnicianStore, f: SearchFilters) {
  const bit = f.serviceType === undefined ? -1 : s.specialtyBit(f.serviceType, false);
  const none = f.serviceType !== undefined && bit < 0;
  const c = f.point ? probeOf(f.point.latitude, f.point.longitude).v : null;
  const hMax = f.maxDistance !== undefined ? hOfMiles(f.maxDistance) : -1;
  const hWiden = f.widenTo === undefined ? -1 : hOfMiles(f.widenTo);
  return (t: TechState, now: number): number => {
    if (none) return -1;
    if (f.available && !t.available) return -1;
    if (bit >= 0 && (t.spec & (1 << bit)) === 0) return -1;
    if (f.leads && t.leadsUntil <= now) return -1;
    if (f.featured && t.featuredUntil <= now) return -1;
    if (f.name !== undefined && !t.name.includes(f.name)) return -1;
    if (!c) return 0;
    const h = ((t.x - c.x) ** 2 + (t.y - c.y) ** 2 + (t.z - c.z) ** 2) / 4;
    return h <= (hMax >= 0 ? hMax : Math.max(t.hRadius, hWiden)) ? h : -1;
  };
}

/** searchSnapshot's order between two detached matches (negative: a comes first). */
export function compareStates(
  f: SearchFilters,
  a: TechState,
  ha: number,
  b: TechState,
  hb: number,
): number {
  const sort = orderOf(f);
  const fa = a.featuredUntil > f.now;
  const fb = b.featuredUntil > f.now;
  const rank = () =>
    Math.fround(b.rating) - Math.fround(a.rating) || b.reviews - a.reviews || a.id - b.id;
  if (sort === 'distance') {
    if (f.boost) {
      const band = bandOf(ha) - bandOf(hb);
      if (band !== 0) return band;
      if (fa !== fb) return fa ? -1 : 1;
    }
    return ha - hb || Math.fround(b.rating) - Math.fround(a.rating) || a.id - b.id;
  }
  if (f.boost && sort === 'rating' && !f.featured && fa !== fb) return fa ? -1 : 1;
  if (sort === 'price') return a.rateCents - b.rateCents || rank();
  if (sort === 'experience') return b.years - a.years || rank();
  return rank();
}
