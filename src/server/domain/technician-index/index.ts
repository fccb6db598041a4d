import type pg from 'pg';
import type { DbOrTx } from '../../db/client';
import { copyInto, SEP } from './binary-load';
import {
  changesAfter,
  deleteOldTechnicianChanges,
  indexVersion,
  listedTechniciansAfter,
  listedTechniciansIn,
  type RawRow,
} from './index.queries';
import { stateOf, type TechState } from './search';
import { Staging, TechnicianStore, type TechnicianRow } from './store';

export {
  compareStates,
  featuredEpoch,
  stateMatcher,
  stateOf,
  type TechState,
  FEATURED_BAND_MILES,
  searchSnapshot,
  type IndexSort,
  type SearchFilters,
  type SearchHit,
  type SearchResult,
} from './search';
export type { TechnicianRow } from './store';

/**
 * Technicians found from memory (ADR 005): search and dispatch matching both read it.
 *
 * Each app instance holds the listed technicians (approved users with the technician role) in a
 * `TechnicianStore`: columns per technician and a grid that counts them (store.ts, search.ts).
 * Freshness: triggers bump `search_index_state.version` in the same transaction as any change
 * to what the index holds and record which technicians changed under that version
 * (`technician_changes`). A search first reads the version (one primary-key read); when it is
 * ahead of the store's, the store reads just the changed technicians again and applies them
 * (O(changes)), one catch-up at a time; a full load happens only at start, after a TRUNCATE, or
 * when the instance fell behind the pruned part of the log. So an answer is never older than
 * the last commit the request could see, on PGlite and on PostgreSQL with any number of
 * instances.
 */
export type Snapshot = TechnicianStore;

/** Numbers as numbers (drivers may hand some over as text), specialties as they came. */
function numbers(r: RawRow): Omit<TechnicianRow, 'specialties'> {
  return {
    id: Number(r.id),
    lat: Number(r.lat),
    lng: Number(r.lng),
    rating: Number(r.rating),
    reviews: Number(r.reviews),
    radius: Number(r.radius),
    rateCents: Number(r.rateCents),
    years: Number(r.years),
    available: r.available,
    name: r.name,
    plan: r.plan,
    planStatus: r.planStatus,
    periodEndMs: r.periodEndMs === null ? null : Number(r.periodEndMs),
  };
}

function toRow(r: RawRow): TechnicianRow {
  return { ...numbers(r), specialties: r.specialties ? r.specialties.split(SEP) : [] };
}

/** Rows per query of a full load: the next is read while one is staged. */
const LOAD_CHUNK = 50_000;

/**
 * Everyone, as of at least `version` (read first), in id order a chunk at a time (keyset pages:
 * a technician cannot move between them), staged as numbers and then filed cell by cell.
 */
async function loadAll(db: DbOrTx, pool?: pg.Pool): Promise<TechnicianStore> {
  const version = await indexVersion(db);
  const store = new TechnicianStore();
  const st = new Staging(store);
  if (pool) {
    // PostgreSQL: one binary COPY (binary-load.ts).
    await copyInto(pool, st);
    return store.fill(st, version);
  }
  const chunk = (after: number) => listedTechniciansAfter(db, after, LOAD_CHUNK);
  let next: Promise<{ rows: RawRow[] }> | null = chunk(0);
  while (next) {
    const { rows }: { rows: RawRow[] } = await next;
    next = rows.length === LOAD_CHUNK ? chunk(Number(rows[rows.length - 1]!.id)) : null;
    for (const r of rows) st.add(numbers(r), r.specialties ?? '', SEP);
  }
  return store.fill(st, version);
}

/** Changed technicians read with the log itself (one round trip) up to this many. */
const INLINE_ROWS = 500;

/**
 * Changes after `from`, up to the latest version, in one statement (one snapshot): the changed
 * technicians' ids and, when few, their rows too.
 */
async function readChanges(db: DbOrTx, from: number) {
  const r = await changesAfter(db, from, INLINE_ROWS);
  const rows = typeof r.rows === 'string' ? (JSON.parse(r.rows) as RawRow[]) : r.rows;
  return {
    version: Number(r.version),
    prunedThrough: Number(r.prunedThrough),
    ids: r.ids.filter((x): x is number => x !== null).map(Number),
    everything: r.everything,
    rows,
  };
}

/** Reading this many changed technicians costs about as much as reading everyone. */
const FULL_RELOAD_FRACTION = 0.25;

/**
 * What one catch-up changed, told synchronously as it is applied: each changed technician as it
 * was and as it is (null: not listed), or `full` after a full load (anything may have changed).
 */
export type IndexChange = {
  store: TechnicianStore;
  version: number;
  full: boolean;
  changes: { id: number; before: TechState | null; after: TechState | null }[];
};

/**
 * `pool`: on PostgreSQL, full loads read through one binary COPY on a connection of their own
 * (not inside a transaction: the index is read before any transaction opens, ADR 005).
 */
export function createTechnicianIndex(
  db: DbOrTx,
  options: {
    pool?: pg.Pool;
    /**
     * Told after every catch-up that moved the store (metrics): how long it took and whether it
     * was a full load or applied the changes; must not throw.
     */
    onCatchUp?: (seconds: number, kind: 'full' | 'changes') => void;
  } = {},
) {
  let store: TechnicianStore | undefined;
  const listeners = new Set<(c: IndexChange) => void>();
  const tell = (c: IndexChange) => {
    for (const l of listeners) l(c);
  };
  let running: Promise<void> | null = null;
  const stats = { fullLoads: 0, catchUps: 0, applied: 0 };

  /** One catch-up, timed for `onCatchUp` when it moved the store. */
  async function step() {
    const started = performance.now();
    const kind = await catchUp();
    if (kind) options.onCatchUp?.((performance.now() - started) / 1000, kind);
  }

  /**
   * One catch-up: to the latest version, by the changes when the log still holds them. Returns
   * how it moved the store (undefined: it was already current).
   */
  async function catchUp(): Promise<'full' | 'changes' | undefined> {
    if (!store) {
      store = await loadAll(db, options.pool);
      stats.fullLoads++;
      tell({ store, version: store.version, full: true, changes: [] });
      return 'full';
    }
    const c = await readChanges(db, store.version);
    if (c.version <= store.version) return undefined;
    if (
      c.everything ||
      c.prunedThrough > store.version ||
      c.ids.length > Math.max(1000, store.n * FULL_RELOAD_FRACTION)
    ) {
      // Reads wait: the store cannot be brought to this version change by change.
      store = await loadAll(db, options.pool);
      stats.fullLoads++;
      tell({ store, version: store.version, full: true, changes: [] });
      return 'full';
    }
    const rows = new Map<number, TechnicianRow>();
    if (c.rows) for (const r of c.rows) rows.set(Number(r.id), toRow(r));
    for (let k = 0; !c.rows && k < c.ids.length; k += 5000) {
      const ids = c.ids.slice(k, k + 5000);
      for (const r of await listedTechniciansIn(db, ids)) rows.set(Number(r.id), toRow(r));
    }
    // Synchronous from here: a search sees the store before or after all of it.
    const s = store;
    const before = c.ids.map((id) => stateOf(s, id));
    for (const id of c.ids) s.upsert(id, rows.get(id) ?? null);
    s.version = c.version;
    tell({
      store: s,
      version: c.version,
      full: false,
      changes: c.ids.map((id, k) => ({ id, before: before[k] ?? null, after: stateOf(s, id) })),
    });
    stats.catchUps++;
    stats.applied += c.ids.length;
    return 'changes';
  }

  async function current(): Promise<TechnicianStore> {
    const version = await indexVersion(db);
    while (!store || store.version < version) {
      if (!running) running = step().finally(() => (running = null));
      await running;
    }
    return store;
  }

  return {
    /** The store as of the latest committed version (caught up first when behind). */
    current,
    /** Called synchronously with every change applied (and every full load). */
    onChange(listener: (c: IndexChange) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stats: () => ({ ...stats, version: store?.version ?? null, technicians: store?.n ?? 0 }),
    /**
     * How many versions the store is behind the database now (null before the first load),
     * without catching up: a search would bring it level first, so a lag that stays up means
     * catch-ups fail or nothing searches and the periodic catch-up is not running.
     */
    async versionLag(): Promise<number | null> {
      const version = await indexVersion(db);
      return store ? Math.max(0, version - store.version) : null;
    },
  };
}
export type TechnicianIndex = ReturnType<typeof createTechnicianIndex>;

/**
 * Forgets change-log entries recorded more than `keepMs` ago; an instance behind them reloads in
 * full. Raises `pruned_through` in the same transaction as the delete.
 */
export async function pruneTechnicianChanges(db: DbOrTx, keepMs = 15 * 60_000) {
  await deleteOldTechnicianChanges(db, keepMs);
}
