import type { FastifyInstance } from 'fastify';
import { findLocation } from '../../../shared/constants/locations';
import { roundMiles, type Point } from '../../../shared/geo';
import { centsToDecimal } from '../../../shared/money';
import type { Technician, TechnicianSearch } from '../../../shared/schemas/technicians';
import { AppError } from '../../lib/app-error';
import { technicianPlan } from '../../lib/entitlements';
import { lookupZip, parsePlace, unknownZip } from '../../lib/places';
import {
  compareStates,
  featuredEpoch,
  searchSnapshot,
  stateMatcher,
  stateOf,
  type IndexChange,
  type SearchFilters,
  type TechState,
} from '../../lib/technician-index';
import type { SessionUser } from '../../lib/session';
import { toPublicReview } from './technicians.presenters';
import * as q from './technicians.queries';

/**
 * Coordinates of a named location, any US ZIP code, or free text `near` (a ZIP, an address with
 * its ZIP, a named town or 'City, ST'); a 400 when the ZIP or place is unknown.
 */
export function resolvePoint(f: {
  location?: string;
  zip?: string;
  near?: string;
}): Point | undefined {
  if (f.location) {
    const loc = findLocation(f.location);
    if (!loc) throw new AppError(400, `Unknown location: ${f.location}`);
    return loc;
  }
  if (f.zip) {
    const z = lookupZip(f.zip);
    if (!z) throw new AppError(400, unknownZip(f.zip));
    return { latitude: z.latitude, longitude: z.longitude };
  }
  if (f.near) {
    const { latitude, longitude } = parsePlace(f.near);
    return { latitude, longitude };
  }
  return undefined;
}

/** Who is looking: the e-mail is shown to admins and to the technician themself only. */
export type Viewer = Pick<SessionUser, 'role' | 'technicianId'> | null;
const seesEmailOf = (viewer: Viewer, technicianId: number) =>
  viewer?.role === 'admin' ||
  (viewer?.technicianId != null && viewer.technicianId === technicianId);

/** The public shape (e-mail hidden): the same for every viewer, so it can be cached. */
export function toTechnician(
  row: q.TechnicianRow & { distanceMiles?: number | null; featured: boolean },
  withMapPoint = false,
): Technician {
  const t: Technician = {
    id: row.id,
    user: { firstName: row.firstName, lastName: row.lastName, phone: row.phone, email: null },
    rating: row.rating,
    totalReviews: row.totalReviews,
    location: row.location,
    yearsExperience: row.yearsExperience,
    hourlyRate: centsToDecimal(row.hourlyRateCents),
    certifications: row.certifications,
    specialties: row.specialties,
    bio: row.bio,
    profileImage: row.profileImage,
    isAvailable: row.isAvailable,
    serviceRadiusMiles: row.serviceRadiusMiles,
    featured: row.featured,
  };
  if (row.distanceMiles != null) t.distanceMiles = roundMiles(row.distanceMiles);
  if (withMapPoint)
    t.mapPoint = {
      latitude: Math.round(row.latitude * 100) / 100,
      longitude: Math.round(row.longitude * 100) / 100,
    };
  return t;
}

/**
 * Search pages kept per app instance, keyed by filters: at most this many bytes of JSON, least
 * recently used evicted first. A page stays valid across index versions: each change applied to
 * the index is judged against it (issue 17), and only pages it can alter are dropped; a change
 * after the page only moves the total, which is patched.
 */
const RESULT_CACHE_BYTES = 16 * 2 ** 20;
/** Public technician rows kept per instance (the page's rows), dropped when they change. */
const ROW_CACHE_ROWS = 20_000;

/** Totals kept per instance by filters (not page, size or order), patched change by change. */
const TOTAL_CACHE_ENTRIES = 20_000;

type Matcher = ReturnType<typeof stateMatcher>;

type CachedPage = {
  total: number;
  body: string;
  /** The search, to judge changes against. */
  f: SearchFilters;
  match: Matcher;
  ids: Set<number>;
  /** The page's last technician and its distance term; null for an empty page. */
  last: { state: TechState; h: number } | null;
  /** Whether the page is full (a change past its last entry cannot enter it). */
  full: boolean;
};

/** Whether a change can alter the page's items (else it may only move the total). */
function touchesPage(
  page: CachedPage,
  store: IndexChange['store'],
  f: SearchFilters,
  t: TechState,
  h: number,
) {
  if (page.ids.has(t.id) || !page.full || !page.last) return true;
  return compareStates(f, t, h, page.last.state, page.last.h) <= 0;
}

const key0 = (p: Point | undefined) => (p ? `${p.latitude},${p.longitude}` : null);

export function createTechnicianService(app: FastifyInstance) {
  const cache = new Map<string, CachedPage>();
  let cacheVersion = -1;
  // Featured listings that ran out (a grace period over) change answers without a new version.
  let cacheEpoch = -1;
  let cacheBytes = 0;
  const rows = new Map<number, q.TechnicianRow>();
  const totals = new Map<string, { total: number; match: Matcher }>();

  const clear = () => {
    cache.clear();
    cacheBytes = 0;
  };
  const drop = (key: string, page: CachedPage) => {
    cache.delete(key);
    cacheBytes -= page.body.length;
  };

  // Keep the caches in step with the index, change by change.
  app.technicianIndex.onChange((c) => {
    cacheVersion = c.version;
    if (c.full) {
      clear();
      rows.clear();
      totals.clear();
      return;
    }
    const now = app.clock().getTime();
    for (const { id, before, after } of c.changes) {
      rows.delete(id);
      for (const t of totals.values())
        t.total +=
          (after && t.match(after, now) >= 0 ? 1 : 0) -
          (before && t.match(before, now) >= 0 ? 1 : 0);
      for (const [key, page] of cache) {
        const f = { ...page.f, now };
        const hb = before ? page.match(before, now) : -1;
        const ha = after ? page.match(after, now) : -1;
        if (page.ids.has(id)) {
          drop(key, page);
          continue;
        }
        if (hb < 0 && ha < 0) continue;
        if (
          (hb >= 0 && touchesPage(page, c.store, f, before!, hb)) ||
          (ha >= 0 && touchesPage(page, c.store, f, after!, ha))
        ) {
          drop(key, page);
          continue;
        }
        page.total += (ha >= 0 ? 1 : 0) - (hb >= 0 ? 1 : 0);
      }
    }
  });

  /** The public rows of these ids: from the row cache, the rest from the database. */
  async function publicRows(ids: number[], version: number) {
    const missing = ids.filter((id) => !rows.has(id));
    const found = await q.findPublicTechnicians(app.db, missing);
    // Only rows read with no change applied meanwhile may be kept (else one could be older than
    // the change that dropped it).
    const keep = app.technicianIndex.stats().version === version;
    const byId = new Map<number, q.TechnicianRow>();
    for (const id of ids) {
      const r = rows.get(id);
      if (r) byId.set(id, r);
    }
    for (const r of found) {
      byId.set(r.id, r);
      if (keep) {
        if (rows.size >= ROW_CACHE_ROWS) rows.delete(rows.keys().next().value!);
        rows.set(r.id, r);
      }
    }
    return byId;
  }

  return {
    /**
     * A search page for the viewer: the cached public page, with the e-mails this viewer may
     * see filled in (admins: all; a technician: their own).
     */
    async search(f: TechnicianSearch, viewer: Viewer): Promise<{ body: string; total: number }> {
      const page = await publicSearch(f);
      if (!viewer || (viewer.role !== 'admin' && viewer.technicianId == null)) return page;
      // Admins and technicians get the cached public page with the e-mails they may see.
      const items = JSON.parse(page.body) as Technician[];
      const visible = items.filter((x) => seesEmailOf(viewer, x.id)).map((x) => x.id);
      if (visible.length === 0) return page;
      const emails = new Map(
        (await q.findTechnicianEmails(app.db, visible)).map((r) => [r.id, r.email]),
      );
      for (const x of items) x.user.email = emails.get(x.id) ?? null;
      return { total: page.total, body: JSON.stringify(items) };
    },

    async get(id: number, viewer: Viewer) {
      const row = await q.findPublicTechnician(app.db, id);
      if (!row) throw new AppError(404, 'Technician not found');
      const { featured } = await technicianPlan(app.db, id, app.clock());
      const t = toTechnician({ ...row, featured });
      if (seesEmailOf(viewer, id)) t.user.email = row.email;
      return t;
    },

    /** A profile's reviews, newest first: `limit` of them from `offset`, and the total. */
    async reviews(id: number, offset: number, limit: number) {
      if (!(await q.findPublicTechnician(app.db, id)))
        throw new AppError(404, 'Technician not found');
      const { rows, total } = await q.listReviews(app.db, id, limit, offset);
      return { items: rows.map(toPublicReview), total };
    },

    stats: () => q.marketplaceStats(app.db),
  };

  /**
   * Approved (and, by default, available) technicians matching the filters, nearest first with
   * featured technicians first within each FEATURED_BAND_MILES band (ADR 014), as the
   * serialized JSON page (public shape) and the total.
   */
  async function publicSearch(f: TechnicianSearch): Promise<{ body: string; total: number }> {
    const point = resolvePoint(f);
    const snapshot = await app.technicianIndex.current();
    const now = app.clock().getTime();
    const epoch = featuredEpoch(snapshot, now);
    if (snapshot.version !== cacheVersion || epoch !== cacheEpoch) {
      clear();
      totals.clear();
      cacheVersion = snapshot.version;
      cacheEpoch = epoch;
    }
    const name = f.name?.toLowerCase();
    // Distance needs a place; without one the list is by rating (ADR 018).
    const sort = f.sort ?? 'distance';
    const effectiveSort = sort === 'distance' && !point ? 'rating' : sort;
    const key = JSON.stringify([
      effectiveSort,
      point?.latitude,
      point?.longitude,
      f.maxDistance,
      f.serviceType,
      name,
      f.available,
      f.featured,
      f.page,
      f.pageSize,
    ]);
    const cached = cache.get(key);
    if (cached) {
      cache.delete(key);
      cache.set(key, cached);
      return cached;
    }
    const filters: SearchFilters = {
      point,
      maxDistance: f.maxDistance,
      serviceType: f.serviceType,
      name,
      available: f.available,
      featured: f.featured,
      boost: true,
      sort: effectiveSort,
      now,
      offset: (f.page - 1) * f.pageSize,
      limit: f.pageSize,
    };
    const version = snapshot.version;
    const match = stateMatcher(snapshot, filters);
    // The total depends on the filters only: known from an earlier page of any size or order.
    const totalKey = JSON.stringify([
      key0(point),
      f.maxDistance,
      f.serviceType,
      name,
      f.available,
      f.featured,
    ]);
    const known = totals.get(totalKey);
    const { hits, total } = searchSnapshot(snapshot, { ...filters, knownTotal: known?.total });
    if (!known) {
      if (totals.size >= TOTAL_CACHE_ENTRIES) totals.delete(totals.keys().next().value!);
      totals.set(totalKey, { total, match });
    }
    const lastHit = hits[hits.length - 1];
    const lastState = lastHit ? stateOf(snapshot, lastHit.id) : null;
    const last = lastState ? { state: lastState, h: match(lastState, now) } : null;
    const byId = await publicRows(
      hits.map((h) => h.id),
      version,
    );
    const items = hits.flatMap((h) => {
      const row = byId.get(h.id);
      return row
        ? [
            toTechnician(
              { ...row, distanceMiles: h.distanceMiles, featured: h.featured === true },
              true,
            ),
          ]
        : [];
    });
    const body = JSON.stringify(items);
    // Kept only when no change was applied meanwhile (the page would have missed its judgement).
    if (snapshot.version === version && version === cacheVersion && epoch === cacheEpoch) {
      cache.set(key, {
        total,
        body,
        f: filters,
        match,
        ids: new Set(hits.map((h) => h.id)),
        last,
        full: hits.length === filters.limit,
      });
      cacheBytes += body.length;
      for (const [oldKey, old] of cache) {
        if (cacheBytes <= RESULT_CACHE_BYTES) break;
        drop(oldKey, old);
      }
    }
    return { total, body };
  }
}
