import { SERVICE_TYPES } from '@shared/constants/service-types';
import { PLAN_ENTITLEMENTS } from '@shared/plans';
import { planHoldsUntil, tierOf } from '../entitlements';
import {
  cellKey,
  COARSE_SHIFT,
  fineCol,
  fineRow,
  FINE,
  hOfMiles,
  MID_SHIFT,
  unitVector,
} from './geometry';

/**
 * The listed technicians of one app instance, column-wise, kept up to date change by change
 * (ADR 005). A technician lives in a slot (its columns at that index); a grid of cells
 * at three sizes counts them per filter combination, so a disc is counted from whole cells and
 * only its edge is scanned; the rating, price and experience orders are kept sorted.
 */

/** A technician's row as read from the database (see queries.ts). */
export type TechnicianRow = {
  id: number;
  lat: number;
  lng: number;
  rating: number;
  reviews: number;
  radius: number;
  rateCents: number;
  years: number;
  available: boolean;
  specialties: string[];
  name: string;
  plan: string | null;
  planStatus: string | null;
  periodEndMs: number | null;
};

export type KeyedSort = 'rating' | 'price' | 'experience';

/**
 * Rows on their way into a store, as numbers only (names, specialties and plans already turned
 * into ids, bits and times), so loading a million keeps almost nothing for the garbage collector
 * to trace.
 */
export class Staging {
  n = 0;
  cap = 0;
  id = new Int32Array(0);
  lat = new Float64Array(0);
  lng = new Float64Array(0);
  rating = new Float64Array(0);
  reviews = new Int32Array(0);
  radius = new Float64Array(0);
  rate = new Int32Array(0);
  years = new Int32Array(0);
  available = new Uint8Array(0);
  mask = new Uint32Array(0);
  nameId = new Int32Array(0);
  leads = new Float64Array(0);
  featured = new Float64Array(0);
  private readonly masks = new Map<string, number>();

  constructor(private readonly store: TechnicianStore) {}

  private reserve(extra: number) {
    if (this.n + extra <= this.cap) return;
    const cap = Math.max(1024, this.cap * 2, this.n + extra);
    for (const k of [
      'id',
      'lat',
      'lng',
      'rating',
      'reviews',
      'radius',
      'rate',
      'years',
      'available',
      'mask',
      'nameId',
      'leads',
      'featured',
    ] as const) {
      const a = this[k];
      const b = new (a.constructor as new (n: number) => typeof a)(cap);
      b.set(a as never);
      (this as Record<string, unknown>)[k] = b;
    }
    this.cap = cap;
  }

  /** `specialties`: the names joined by `sep` (one string: a few hundred distinct sets). */
  add(r: Omit<TechnicianRow, 'specialties'>, specialties: string, sep: string) {
    this.addValues(
      r.id,
      r.lat,
      r.lng,
      r.rating,
      r.reviews,
      r.radius,
      r.rateCents,
      r.years,
      r.available,
      specialties,
      sep,
      r.name,
      r.plan,
      r.planStatus,
      r.periodEndMs,
    );
  }

  /** The same from values (the binary load reads them straight off the wire). */
  addValues(
    id: number,
    lat: number,
    lng: number,
    rating: number,
    reviews: number,
    radius: number,
    rateCents: number,
    years: number,
    available: boolean,
    specialties: string,
    sep: string,
    name: string,
    planName: string | null,
    planStatus: string | null,
    periodEndMs: number | null,
  ) {
    this.reserve(1);
    const k = this.n++;
    this.id[k] = id;
    this.lat[k] = lat;
    this.lng[k] = lng;
    this.rating[k] = rating;
    this.reviews[k] = reviews;
    this.radius[k] = radius;
    this.rate[k] = rateCents;
    this.years[k] = years;
    this.available[k] = available ? 1 : 0;
    let mask = this.masks.get(specialties);
    if (mask === undefined) {
      mask = 0;
      if (specialties)
        for (const sp of specialties.split(sep)) {
          const b = this.store.specialtyBit(sp, true);
          if (b >= 0) mask |= 1 << b;
        }
      this.masks.set(specialties, (mask >>>= 0));
    }
    this.mask[k] = mask;
    this.nameId[k] = this.store.nameIdOf(name);
    let leads = 0;
    let featured = 0;
    if (planName && planStatus) {
      const until = planHoldsUntil(planStatus, new Date(Number(periodEndMs)));
      const plan = PLAN_ENTITLEMENTS[tierOf(planName)];
      if (plan.leads) leads = until;
      if (plan.featured) featured = until;
    }
    this.leads[k] = leads;
    this.featured[k] = featured;
  }
}

/**
 * Counts per cell: [available? 0 all / 1 available][specialty: 0 any, 1 + bit]. Specialty bits
 * are given out on first sight (at most MAX_SPECIALTIES kinds; the service types are 9).
 */
export const MAX_SPECIALTIES = 15;
export const COMBOS = 2 * (MAX_SPECIALTIES + 1);
/** Distinct names whose counts a store keeps (TechnicianStore.nameCounts). */
export const NAME_COUNTS_UP_TO = 2 ** 17;
export const comboOf = (available: boolean, bit: number) =>
  (available ? MAX_SPECIALTIES + 1 : 0) + (bit < 0 ? 0 : bit + 1);

/** A cell: its counts, its technicians (fine cells), per radius class (mid and coarse cells). */
export type Cell = {
  key: number;
  /**
   * The cell's centre as a unit vector and the chord to its farthest corner: every point of the
   * cell is within that chord of the centre, so distances to it are bounded without trigonometry.
   */
  cx: number;
  cy: number;
  cz: number;
  rho: number;
  /** 0 fine, 1 mid, 2 coarse. */
  level: 0 | 1 | 2;
  /** Fine and mid cells: the cell's index in the store's fineList / midList (fine: its counts). */
  index: number;
  row: number;
  col: number;
  /** Mid and coarse cells' counts per combination (fine cells': the store's fineCounts). */
  counts: Uint32Array | null;
  /**
   * Fine cells: the slots laid out for the cell by the load, [start, end) (a slot there belongs
   * to the cell while fineOf says so), and slots given to it since (`extra`).
   */
  start: number;
  end: number;
  extra: number[] | null;
  /** Largest service radius in the cell (an upper bound: never lowered until a reload). */
  maxRadius: number;
  /**
   * Mid and coarse cells: where each radius class's counts start in the store's classPool
   * (-1 or past the end: none in this cell).
   */
  classAt: Int32Array | null;
  /** Mid cells: their fine cells; coarse cells: their mid cells (row-major 4 x 4). */
  children: (Cell | undefined)[] | null;
  /**
   * Mid cells, from the load: their slots sorted by radius class then slot, each class's run
   * from classStart[class]; slots filed since are in `extra` (any class). A slot listed is the
   * cell's while its fine cell is in this mid cell and its class is the run's.
   */
  classMembers: Int32Array | null;
  classStart: Int32Array | null;
};

const SIZE_OF_LEVEL = [FINE, FINE * (1 << MID_SHIFT), FINE * (1 << COARSE_SHIFT)] as const;

/** A cell's centre (unit vector) and the chord from it to its farthest corner. */
function centreOf(row: number, col: number, size: number) {
  const lat0 = row * size - 90;
  const lng0 = col * size - 180;
  const c = unitVector(Math.min(90, lat0 + size / 2), lng0 + size / 2);
  let rho = 0;
  for (const [lat, lng] of [
    [lat0, lng0],
    [lat0, lng0 + size],
    [Math.min(90, lat0 + size), lng0],
    [Math.min(90, lat0 + size), lng0 + size],
  ] as const) {
    const v = unitVector(lat, lng);
    rho = Math.max(rho, Math.hypot(v.x - c.x, v.y - c.y, v.z - c.z));
  }
  return { cx: c.x, cy: c.y, cz: c.z, rho: rho * (1 + 1e-9) + 1e-12 };
}

const newCell = (key: number, row: number, col: number, level: 0 | 1 | 2): Cell => ({
  key,
  level,
  index: -1,
  row,
  col,
  ...centreOf(row, col, SIZE_OF_LEVEL[level]),
  counts: level === 0 ? null : new Uint32Array(COMBOS),
  start: 0,
  end: 0,
  extra: null,
  maxRadius: 0,
  classAt: level === 0 ? null : new Int32Array(0),
  children: level === 0 ? null : new Array<Cell | undefined>(16),
  classMembers: null,
  classStart: null,
});

export class TechnicianStore {
  version = 0;
  n = 0;
  cap: number;
  ids: Int32Array;
  x: Float64Array;
  y: Float64Array;
  z: Float64Array;
  /** Ratings have two decimals: single precision keeps their order and their ties. */
  rating: Float32Array;
  reviews: Int32Array;
  rateCents: Int32Array;
  years: Int16Array;
  available: Uint8Array;
  spec: Uint32Array;
  nameId: Int32Array;
  leadsUntil: Float64Array;
  featuredUntil: Float64Array;
  /** The slot's radius class (classRadius, classH) and fine cell (fineList; -1: free slot). */
  radiusClass: Uint16Array;
  fineOf: Int32Array;
  /** Slots given up (reused first). */
  free: number[] = [];
  /** Technician id -> slot + 1 (0: not listed). */
  slotOfId = new Int32Array(1024);

  /** Specialty name -> bit. */
  specialtyBits = new Map<string, number>();
  /** Distinct lower-cased names; nameId indexes them. */
  names: string[] = [];
  /**
   * Per distinct name, its technicians counted per filter combination (COMBOS from
   * nameId * COMBOS): a name search's total is summed over the names that match instead of
   * counted over every technician. 128 bytes a name, so kept for up to NAME_COUNTS_UP_TO names
   * (16 MB); null beyond, where name searches count in a pass over the slots.
   */
  nameCounts: Uint32Array | null = new Uint32Array(COMBOS * 256);
  nameIds = new Map<string, number>();
  /** Radius (miles) -> class; classRadius[class] and its distance term classH[class]. */
  classOf = new Map<number, number>();
  classRadius: number[] = [];
  classH: number[] = [];
  /** Fine cells by index (fineOf), mid cells by index. */
  fineList: Cell[] = [];
  midList: Cell[] = [];

  fineCells = new Map<number, Cell>();
  midCells = new Map<number, Cell>();
  coarseCells = new Map<number, Cell>();
  /** Fine cells' counts, COMBOS per cell by index; the mid cell (index) of each fine cell. */
  fineCounts = new Uint32Array(COMBOS * 1024);
  midOfFine = new Int32Array(1024);

  /** A cell's count of a combination, at any level. */
  countIn(cell: Cell, combo: number): number {
    return cell.level === 0 ? this.fineCounts[cell.index * COMBOS + combo]! : cell.counts![combo]!;
  }

  /** Calls back with each technician (slot) of a fine cell. */
  forSlots(cell: Cell, fn: (i: number) => void) {
    const { fineOf } = this;
    for (let i = cell.start; i < cell.end; i++) if (fineOf[i] === cell.index) fn(i);
    if (cell.extra) for (const i of cell.extra) fn(i);
  }

  /** Calls back with each technician (slot) of a mid cell's radius class. */
  forClassSlots(mid: Cell, cls: number, fn: (i: number) => void) {
    const { fineOf, midOfFine, radiusClass } = this;
    const start = mid.classStart;
    if (start && cls + 1 < start.length) {
      const members = mid.classMembers!;
      for (let k = start[cls]!; k < start[cls + 1]!; k++) {
        const i = members[k]!;
        const f = fineOf[i]!;
        if (f >= 0 && midOfFine[f] === mid.index && radiusClass[i] === cls) fn(i);
      }
    }
    if (mid.extra) for (const i of mid.extra) if (radiusClass[i] === cls) fn(i);
  }

  /** Whether slot i is in the mid cell's load-time run of its class. */
  private inClassRun(mid: Cell, cls: number, i: number) {
    const start = mid.classStart;
    if (!start || cls + 1 >= start.length) return false;
    const members = mid.classMembers!;
    let lo = start[cls]!;
    let hi = start[cls + 1]!;
    while (lo < hi) {
      const m = (lo + hi) >>> 1;
      if (members[m]! < i) lo = m + 1;
      else hi = m;
    }
    return lo < start[cls + 1]! && members[lo] === i;
  }

  /** Per radius class counts of mid and coarse cells, COMBOS at a time (Cell.classAt). */
  classPool = new Uint32Array(COMBOS * 1024);
  classPoolUsed = 0;

  /** Where a cell's counts of a radius class start in classPool (allocated on first use). */
  classOffset(cell: Cell, cls: number): number {
    let at = cell.classAt!;
    if (cls < at.length && at[cls]! >= 0) return at[cls]!;
    if (cls >= at.length) {
      const grown = new Int32Array(Math.max(cls + 1, this.classRadius.length)).fill(-1);
      grown.set(at);
      cell.classAt = at = grown;
    }
    if (this.classPoolUsed + COMBOS > this.classPool.length) {
      const pool = new Uint32Array(this.classPool.length * 2);
      pool.set(this.classPool);
      this.classPool = pool;
    }
    at[cls] = this.classPoolUsed;
    this.classPoolUsed += COMBOS;
    return at[cls]!;
  }

  /** All listed technicians' counts, per combination. */
  totals = new Uint32Array(COMBOS);
  maxRadius = 0;

  /** Finite featured-until times, sorted (a search's answer can change at each). */
  featuredExpiries: number[] = [];
  /** The keyed orders (slots), built on first use and then kept sorted change by change. */
  orders: Partial<Record<KeyedSort, Int32Array>> = {};

  constructor(capacity = 1024) {
    // The service types customers search by always have their bits, whatever else a row holds.
    for (const type of SERVICE_TYPES) this.specialtyBit(type, true);
    this.cap = Math.max(16, capacity);
    const c = this.cap;
    this.ids = new Int32Array(c);
    this.x = new Float64Array(c);
    this.y = new Float64Array(c);
    this.z = new Float64Array(c);
    this.rating = new Float32Array(c);
    this.reviews = new Int32Array(c);
    this.rateCents = new Int32Array(c);
    this.years = new Int16Array(c);
    this.available = new Uint8Array(c);
    this.spec = new Uint32Array(c);
    this.nameId = new Int32Array(c);
    this.leadsUntil = new Float64Array(c);
    this.featuredUntil = new Float64Array(c);
    this.radiusClass = new Uint16Array(c);
    this.fineOf = new Int32Array(c).fill(-1);
  }

  /** Slots in use: [0, used) minus `free`. */
  used = 0;

  private grow(to = this.cap * 2) {
    const c = to;
    const g = <
      T extends
        | Float64Array
        | Float32Array
        | Int32Array
        | Int16Array
        | Uint32Array
        | Uint16Array
        | Uint8Array,
    >(
      a: T,
    ): T => {
      const b = new (a.constructor as new (n: number) => T)(c);
      b.set(a);
      return b;
    };
    this.ids = g(this.ids);
    this.x = g(this.x);
    this.y = g(this.y);
    this.z = g(this.z);
    this.rating = g(this.rating);
    this.reviews = g(this.reviews);
    this.rateCents = g(this.rateCents);
    this.years = g(this.years);
    this.available = g(this.available);
    this.spec = g(this.spec);
    this.nameId = g(this.nameId);
    this.leadsUntil = g(this.leadsUntil);
    this.featuredUntil = g(this.featuredUntil);
    this.radiusClass = g(this.radiusClass);
    this.fineOf = g(this.fineOf);
    this.fineOf.fill(-1, this.cap);
    this.cap = c;
  }

  slotOf(id: number): number {
    return id < this.slotOfId.length ? this.slotOfId[id]! - 1 : -1;
  }

  private setSlotOf(id: number, slot: number) {
    if (id >= this.slotOfId.length) {
      let len = this.slotOfId.length;
      while (len <= id) len *= 2;
      const b = new Int32Array(len);
      b.set(this.slotOfId);
      this.slotOfId = b;
    }
    this.slotOfId[id] = slot + 1;
  }

  specialtyBit(name: string, create: boolean): number {
    let b = this.specialtyBits.get(name);
    if (b === undefined) {
      if (!create || this.specialtyBits.size >= MAX_SPECIALTIES) return -1;
      b = this.specialtyBits.size;
      this.specialtyBits.set(name, b);
    }
    return b;
  }

  nameIdOf(name: string) {
    let id = this.nameIds.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.names.push(name);
      this.nameIds.set(name, id);
      const counts = this.nameCounts;
      if (counts && (id + 1) * COMBOS > counts.length) {
        if (id >= NAME_COUNTS_UP_TO) this.nameCounts = null;
        else {
          this.nameCounts = new Uint32Array(counts.length * 2);
          this.nameCounts.set(counts);
        }
      }
    }
    return id;
  }

  private classOfRadius(radius: number) {
    let c = this.classOf.get(radius);
    if (c === undefined) {
      c = this.classRadius.length;
      this.classRadius.push(radius);
      this.classH.push(hOfMiles(radius));
      this.classOf.set(radius, c);
    }
    return c;
  }

  /** Adds (sign 1) or takes away (sign -1) slot i from the counts of its cells. */
  private count(i: number, fine: Cell, mid: Cell, coarse: Cell, sign: 1 | -1) {
    const avail = this.available[i] === 1;
    const mask = this.spec[i]!;
    const cls = this.radiusClass[i]!;
    bump(this.totals, avail, mask, sign);
    if (this.nameCounts) bump(this.nameCounts, avail, mask, sign, this.nameId[i]! * COMBOS);
    bump(this.fineCounts, avail, mask, sign, fine.index * COMBOS);
    bump(mid.counts!, avail, mask, sign);
    bump(coarse.counts!, avail, mask, sign);
    // Offsets first: taking one may move the pool.
    const inMid = this.classOffset(mid, cls);
    const inCoarse = this.classOffset(coarse, cls);
    bump(this.classPool, avail, mask, sign, inMid);
    bump(this.classPool, avail, mask, sign, inCoarse);
  }

  private cell(map: Map<number, Cell>, row: number, col: number, level: 0 | 1 | 2) {
    const key = cellKey(row, col);
    let cell = map.get(key);
    if (!cell) {
      map.set(key, (cell = newCell(key, row, col, level)));
      const list = level === 0 ? this.fineList : level === 1 ? this.midList : null;
      if (list) {
        cell.index = list.length;
        list.push(cell);
      }
      if (level === 0 && (cell.index + 1) * COMBOS > this.fineCounts.length) {
        const counts = new Uint32Array(this.fineCounts.length * 2);
        counts.set(this.fineCounts);
        this.fineCounts = counts;
        const mids = new Int32Array(this.midOfFine.length * 2);
        mids.set(this.midOfFine);
        this.midOfFine = mids;
      }
    }
    return cell;
  }

  /** The mid and coarse cells of a fine cell. */
  parents(fine: Cell): [Cell, Cell] {
    return [
      this.midCells.get(cellKey(fine.row >> MID_SHIFT, fine.col >> MID_SHIFT))!,
      this.coarseCells.get(cellKey(fine.row >> COARSE_SHIFT, fine.col >> COARSE_SHIFT))!,
    ];
  }

  /** Puts a technician in (or replaces its columns); `row` null: the technician is not listed. */
  upsert(id: number, row: TechnicianRow | null) {
    const old = this.slotOf(id);
    const sorts = Object.keys(this.orders) as KeyedSort[];
    // Orders whose key this change leaves alone keep their place: the slot is given back and
    // taken again (the free list is last in, first out), so nothing in them moves.
    const kept = old >= 0 && row ? sorts.filter((sort) => this.sameKey(sort, old, row)) : [];
    if (old >= 0) {
      for (const sort of sorts) if (!kept.includes(sort)) this.orderRemove(sort, old);
      this.remove(old);
    }
    if (row) {
      const st = new Staging(this);
      st.add(row, row.specialties.join(SEP), SEP);
      const i = this.place(st, 0, null, false);
      for (const sort of sorts) {
        if (!kept.includes(sort)) this.orderInsert(sort, i);
        else if (i !== old) throw new Error('technician index: slot not reused');
      }
    }
  }

  /** Whether a row sorts where slot i does in an order (rating, reviews, id, and the key). */
  private sameKey(sort: KeyedSort, i: number, r: TechnicianRow) {
    if (this.rating[i] !== Math.fround(r.rating) || this.reviews[i] !== r.reviews) return false;
    if (sort === 'price') return this.rateCents[i] === r.rateCents;
    if (sort === 'experience') return this.years[i] === r.years;
    return true;
  }

  /** Fills a slot from staged row k and files it in its cells (`cells`: known for bulk loads). */
  private place(st: Staging, k: number, cells: [Cell, Cell, Cell] | null, bulk: boolean): number {
    let i = this.free.pop();
    if (i === undefined) {
      if (this.used === this.cap) this.grow();
      i = this.used++;
    }
    const lat = st.lat[k]!;
    const lng = st.lng[k]!;
    const cosLat = Math.cos(lat * RAD);
    this.ids[i] = st.id[k]!;
    this.x[i] = cosLat * Math.cos(lng * RAD);
    this.y[i] = cosLat * Math.sin(lng * RAD);
    this.z[i] = Math.sin(lat * RAD);
    this.rating[i] = st.rating[k]!;
    this.reviews[i] = st.reviews[k]!;
    this.rateCents[i] = st.rate[k]!;
    this.years[i] = st.years[k]!;
    this.available[i] = st.available[k]!;
    this.spec[i] = st.mask[k]!;
    this.nameId[i] = st.nameId[k]!;
    this.leadsUntil[i] = st.leads[k]!;
    const featured = st.featured[k]!;
    this.featuredUntil[i] = featured;
    if (Number.isFinite(featured) && featured > 0) insertSorted(this.featuredExpiries, featured);
    const radius = st.radius[k]!;
    const cls = this.classOfRadius(radius);
    this.radiusClass[i] = cls;
    const [fine, mid, coarse] = cells ?? this.cellsAt(lat, lng);
    this.fineOf[i] = fine.index;
    if (!bulk) {
      if (i < fine.start || i >= fine.end) (fine.extra ??= []).push(i);
      if (!this.inClassRun(mid, cls, i)) (mid.extra ??= []).push(i);
    }
    if (radius > fine.maxRadius) fine.maxRadius = radius;
    if (radius > mid.maxRadius) mid.maxRadius = radius;
    if (radius > coarse.maxRadius) coarse.maxRadius = radius;
    if (radius > this.maxRadius) this.maxRadius = radius;
    this.count(i, fine, mid, coarse, 1);
    this.setSlotOf(st.id[k]!, i);
    this.n++;
    return i;
  }

  /** The fine, mid and coarse cells of a place (created when new). */
  cellsAt(lat: number, lng: number): [Cell, Cell, Cell] {
    const row = fineRow(lat);
    const col = fineCol(lng);
    const fine = this.cell(this.fineCells, row, col, 0);
    const mid = this.cell(this.midCells, row >> MID_SHIFT, col >> MID_SHIFT, 1);
    const coarse = this.cell(this.coarseCells, row >> COARSE_SHIFT, col >> COARSE_SHIFT, 2);
    mid.children![(row & 3) * 4 + (col & 3)] = fine;
    this.midOfFine[fine.index] = mid.index;
    coarse.children![((row >> MID_SHIFT) & 3) * 4 + ((col >> MID_SHIFT) & 3)] = mid;
    return [fine, mid, coarse];
  }

  /** Takes slot i out of its cells and counts (the caller takes it out of the orders). */
  private remove(i: number) {
    const fine = this.fineList[this.fineOf[i]!]!;
    const [mid, coarse] = this.parents(fine);
    this.count(i, fine, mid, coarse, -1);
    if (fine.extra) dropFrom(fine.extra, i);
    if (mid.extra) dropFrom(mid.extra, i);
    const featured = this.featuredUntil[i]!;
    if (Number.isFinite(featured) && featured > 0) removeSorted(this.featuredExpiries, featured);
    this.fineOf[i] = -1;
    this.slotOfId[this.ids[i]!] = 0;
    this.ids[i] = 0;
    this.free.push(i);
    this.n--;
  }

  /** The keyed order, built on first use (then kept sorted by upsert). */
  order(sort: KeyedSort): Int32Array {
    let o = this.orders[sort];
    if (o) return o;
    const cmp = this.comparator(sort);
    const slots: number[] = [];
    for (let i = 0; i < this.used; i++) if (this.fineOf[i] !== -1) slots.push(i);
    o = Int32Array.from(slots).sort(cmp);
    // Room to grow: the order's length is this.n; the buffer may be longer.
    this.orders[sort] = o;
    return o;
  }

  /** The order's comparison of two slots: rank = rating desc, reviews desc, id asc. */
  comparator(sort: KeyedSort) {
    const { rating, reviews, ids, rateCents, years } = this;
    const rank = (a: number, b: number) =>
      rating[b]! - rating[a]! || reviews[b]! - reviews[a]! || ids[a]! - ids[b]!;
    if (sort === 'rating') return rank;
    if (sort === 'price')
      return (a: number, b: number) => rateCents[a]! - rateCents[b]! || rank(a, b);
    return (a: number, b: number) => years[b]! - years[a]! || rank(a, b);
  }

  private orderInsert(sort: KeyedSort, i: number) {
    const o = this.orders[sort]!;
    const cmp = this.comparator(sort);
    const len = this.n - 1; // this.n already counts i
    let lo = 0;
    let hi = len;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cmp(o[mid]!, i) < 0) lo = mid + 1;
      else hi = mid;
    }
    let buf = o;
    if (len + 1 > o.length) {
      buf = new Int32Array(Math.max(16, o.length * 2));
      buf.set(o.subarray(0, len));
      this.orders[sort] = buf;
    }
    buf.copyWithin(lo + 1, lo, len);
    buf[lo] = i;
  }

  private orderRemove(sort: KeyedSort, i: number) {
    const o = this.orders[sort]!;
    const cmp = this.comparator(sort);
    const len = this.n;
    let lo = 0;
    let hi = len;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cmp(o[mid]!, i) < 0) lo = mid + 1;
      else hi = mid;
    }
    if (o[lo] !== i) throw new Error('technician index: order out of step');
    o.copyWithin(lo, lo + 1, len);
  }

  /** After a bulk load: each mid cell's slots by radius class (classMembers, classStart). */
  private fileClassRuns() {
    const classes = this.classRadius.length;
    const { radiusClass } = this;
    for (const mid of this.midList) {
      const slots: number[] = [];
      for (const fine of mid.children!) if (fine) this.forSlots(fine, (i) => slots.push(i));
      slots.sort((a, b) => radiusClass[a]! - radiusClass[b]! || a - b);
      const members = Int32Array.from(slots);
      const start = new Int32Array(classes + 1);
      let k = 0;
      for (let c = 0; c < classes; c++) {
        start[c] = k;
        while (k < members.length && radiusClass[members[k]!] === c) k++;
      }
      start[classes] = members.length;
      mid.classMembers = members;
      mid.classStart = start;
    }
  }

  /** Bulk load from staged rows: slots laid out cell by cell, for locality. */
  fill(st: Staging, version: number): this {
    // Sort by fine cell with one numeric sort: key * 2^21 + k (keys < 2^32, k < 2^21).
    const n = st.n;
    if (this.used + n > this.cap) this.grow(this.used + n + 1024);
    const SPAN = 2 ** 21;
    const sorted = n < SPAN;
    const packed = new Float64Array(sorted ? n : 0);
    if (sorted) {
      for (let k = 0; k < n; k++)
        packed[k] = cellKey(fineRow(st.lat[k]!), fineCol(st.lng[k]!)) * SPAN + k;
      packed.sort();
    }
    let cells: [Cell, Cell, Cell] | null = null;
    let lastKey = -1;
    for (let j = 0; j < n; j++) {
      const k = sorted ? packed[j]! % SPAN : j;
      const key = sorted ? Math.floor(packed[j]! / SPAN) : -1;
      if (key !== lastKey || !cells) {
        cells = this.cellsAt(st.lat[k]!, st.lng[k]!);
        lastKey = key;
        // A fine cell's slots run from the next fresh slot (rows come cell by cell).
        const fine = cells[0];
        if (sorted && fine.start === fine.end && !fine.extra && this.free.length === 0)
          fine.start = fine.end = this.used;
      }
      const i = this.place(st, k, sorted ? cells : null, sorted);
      if (sorted && i === cells[0].end) cells[0].end = i + 1;
      else if (sorted) (cells[0].extra ??= []).push(i);
    }
    if (sorted) this.fileClassRuns();
    // The per-class pool grew by doubling: give back what it will not need soon.
    if (this.classPool.length > this.classPoolUsed * 1.25 + COMBOS * 1024)
      this.classPool = this.classPool.slice(0, Math.ceil(this.classPoolUsed * 1.125));
    this.version = version;
    return this;
  }

  static fromRows(rows: TechnicianRow[], version: number): TechnicianStore {
    const s = new TechnicianStore(rows.length + 1024);
    const st = new Staging(s);
    for (const r of rows) st.add(r, r.specialties.join(SEP), SEP);
    return s.fill(st, version);
  }
}

const SEP = '\u001f';
const RAD = Math.PI / 180;

function dropFrom(list: number[], i: number) {
  const pos = list.lastIndexOf(i);
  if (pos < 0) return;
  const last = list.pop()!;
  if (pos < list.length) list[pos] = last;
}

function bump(counts: Uint32Array, avail: boolean, mask: number, sign: 1 | -1, at = 0) {
  for (let base = at; base <= at + (avail ? MAX_SPECIALTIES + 1 : 0); base += MAX_SPECIALTIES + 1) {
    counts[base] = counts[base]! + sign;
    for (let m = mask, b = 0; m !== 0; m >>>= 1, b++)
      if (m & 1) counts[base + 1 + b] = counts[base + 1 + b]! + sign;
  }
}

function insertSorted(xs: number[], x: number) {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (xs[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  xs.splice(lo, 0, x);
}

function removeSorted(xs: number[], x: number) {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (xs[mid]! < x) lo = mid + 1;
    else hi = mid;
  }
  if (xs[lo] === x) xs.splice(lo, 1);
}
