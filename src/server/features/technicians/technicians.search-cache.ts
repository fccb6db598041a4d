import type { FastifyInstance } from 'fastify';
import {
  compareStates,
  type SearchFilters,
  type stateMatcher,
  type TechState,
} from '../../domain/technician-index';
import * as q from './technicians.queries';

/**
 * What search keeps per app instance, kept in step with the technician index change
 * by change rather than thrown away at each new version:
 * - pages, keyed by filters and page: at most RESULT_CACHE_BYTES of JSON, least recently used
 *   evicted first; a change drops only the pages it can alter, otherwise it patches their total;
 * - totals, keyed by filters only (any page, size or order reuses them), patched the same way;
 * - the public rows of recent pages, dropped when their technician changes.
 * Featured listings that run out (a grace period over) change answers without a new version:
 * everything is also kept per `featuredEpoch`.
 */
const RESULT_CACHE_BYTES = 16 * 2 ** 20;
const ROW_CACHE_ROWS = 20_000;
const TOTAL_CACHE_ENTRIES = 20_000;

export type Matcher = ReturnType<typeof stateMatcher>;

export type CachedPage = {
  total: number;
  /** The page's JSON, UTF-8. */
  body: Buffer;
  /** The search, to judge changes against. */
  f: SearchFilters;
  match: Matcher;
  ids: Set<number>;
  /** The page's last technician and its distance term; null for an empty page. */
  last: { state: TechState; h: number } | null;
  /** Whether the page is full (a change past its last entry cannot enter it). */
  full: boolean;
};

/** Whether a matching technician can alter the page's items (else it only moves the total). */
function touchesPage(page: CachedPage, t: TechState, h: number, now: number) {
  if (!page.full || !page.last) return true;
  return compareStates({ ...page.f, now }, t, h, page.last.state, page.last.h) <= 0;
}

export function createSearchCaches(app: FastifyInstance) {
  const pages = new Map<string, CachedPage>();
  let pageBytes = 0;
  const totals = new Map<string, { total: number; match: Matcher }>();
  const rows = new Map<number, q.TechnicianRow>();
  let version = -1;
  let epoch = -1;

  const dropPage = (key: string, page: CachedPage) => {
    pages.delete(key);
    pageBytes -= page.body.length;
  };
  const clear = () => {
    pages.clear();
    pageBytes = 0;
    totals.clear();
  };

  app.technicianIndex.onChange((c) => {
    version = c.version;
    if (c.full) {
      clear();
      rows.clear();
      return;
    }
    const now = app.clock().getTime();
    for (const { id, before, after } of c.changes) {
      rows.delete(id);
      for (const t of totals.values())
        t.total +=
          (after && t.match(after, now) >= 0 ? 1 : 0) -
          (before && t.match(before, now) >= 0 ? 1 : 0);
      for (const [key, page] of pages) {
        if (page.ids.has(id)) {
          dropPage(key, page);
          continue;
        }
        const hb = before ? page.match(before, now) : -1;
        const ha = after ? page.match(after, now) : -1;
        if (
          (hb >= 0 && touchesPage(page, before!, hb, now)) ||
          (ha >= 0 && touchesPage(page, after!, ha, now))
        )
          dropPage(key, page);
        else page.total += (ha >= 0 ? 1 : 0) - (hb >= 0 ? 1 : 0);
      }
    }
  });

  /** Whether what is kept is of this index version and featured epoch. */
  const current = (v: number, e: number) => v === version && e === epoch;

  return {
    /** Before a search at this version and epoch: forgets what they no longer describe. */
    sync(v: number, e: number) {
      if (current(v, e)) return;
      clear();
      version = v;
      epoch = e;
    },

    page(key: string) {
      const page = pages.get(key);
      if (page) {
        pages.delete(key);
        pages.set(key, page);
      }
      return page;
    },

    /** Keeps a page computed at (v, e), unless a change was applied meanwhile. */
    keepPage(key: string, page: CachedPage, v: number, e: number) {
      if (!current(v, e)) return;
      pages.set(key, page);
      pageBytes += page.body.length;
      for (const [oldKey, old] of pages) {
        if (pageBytes <= RESULT_CACHE_BYTES) break;
        dropPage(oldKey, old);
      }
    },

    total: (key: string) => totals.get(key)?.total,

    /** Keeps a total computed at the current version (synchronously after it was counted). */
    keepTotal(key: string, total: number, match: Matcher) {
      if (totals.size >= TOTAL_CACHE_ENTRIES) totals.delete(totals.keys().next().value!);
      totals.set(key, { total, match });
    },

    /** The public rows of these ids: kept ones, the rest from the database. */
    async publicRows(ids: number[], v: number) {
      const found = await q.findPublicTechnicians(
        app.db,
        ids.filter((id) => !rows.has(id)),
        app.clock(),
      );
      // Only rows read with no change applied meanwhile may be kept (else one could be older
      // than the change that dropped it).
      const keep = version === v;
      const byId = new Map<number, q.TechnicianRow>();
      for (const id of ids) {
        const r = rows.get(id);
        if (r) byId.set(id, r);
      }
      for (const r of found) {
        byId.set(r.id, r);
        if (!keep) continue;
        if (rows.size >= ROW_CACHE_ROWS) rows.delete(rows.keys().next().value!);
        rows.set(r.id, r);
      }
      return byId;
    },
  };
}
