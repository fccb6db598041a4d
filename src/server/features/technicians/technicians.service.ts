import { assertServed } from '../../domain/service-area';
import type { FastifyInstance } from 'fastify';
import { findLocation } from '@shared/constants/locations';
import { roundMiles, type Point } from '@shared/geo';
import { centsToDecimal } from '@shared/money';
import type { Technician, TechnicianSearch } from '@shared/schemas/technicians';
import { AppError } from '../../infra/app-error';
import { technicianPlan } from '../../domain/entitlements';
import { lookupZip, parsePlace, unknownZip } from '../../domain/places';
import {
  featuredEpoch,
  searchSnapshot,
  stateMatcher,
  stateOf,
  type SearchFilters,
} from '../../domain/technician-index';
import type { SessionUser } from '../../infra/session';
import { paidJobs } from '../../domain/reviews.queries';
import { toPublicReview } from './technicians.presenters';
import * as q from './technicians.queries';
import { createSearchCaches } from './technicians.search-cache';

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
    assertServed(f.zip);
    return { latitude: z.latitude, longitude: z.longitude };
  }
  if (f.near) {
    const { latitude, longitude } = parsePlace(f.near);
    assertServed(f.near);
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
    certifications: [...new Set(row.certifications)],
    certified: row.certified,
    specialties: row.specialties,
    bio: row.bio,
    profileImage: row.profileImage,
    isAvailable: row.isAvailable,
    serviceRadiusMiles: row.serviceRadiusMiles,
    featured: row.featured,
    startingPrices: row.startingPrices,
    warranty: { months: row.warrantyMonths, miles: row.warrantyMiles },
  };
  if (row.distanceMiles != null) t.distanceMiles = roundMiles(row.distanceMiles);
  if (withMapPoint)
    t.mapPoint = {
      latitude: Math.round(row.latitude * 100) / 100,
      longitude: Math.round(row.longitude * 100) / 100,
    };
  return t;
}

const placeKey = (p: Point | undefined) => (p ? `${p.latitude},${p.longitude}` : null);

export function createTechnicianService(app: FastifyInstance) {
  const caches = createSearchCaches(app);

  return {
    /**
     * A search page for the viewer: the cached public page, with the e-mails this viewer may
     * see filled in (admins: all; a technician: their own).
     */
    async search(
      f: TechnicianSearch,
      viewer: Viewer,
    ): Promise<{ body: Buffer | string; total: number }> {
      const page = await publicSearch(f);
      if (!viewer || (viewer.role !== 'admin' && viewer.technicianId == null)) return page;
      // Admins and technicians get the cached public page with the e-mails they may see.
      const items = JSON.parse(page.body.toString()) as Technician[];
      const visible = items.filter((x) => seesEmailOf(viewer, x.id)).map((x) => x.id);
      if (visible.length === 0) return page;
      const emails = new Map(
        (await q.findTechnicianEmails(app.db, visible)).map((r) => [r.id, r.email]),
      );
      for (const x of items) x.user.email = emails.get(x.id) ?? null;
      return { total: page.total, body: JSON.stringify(items) };
    },

    /**
     * A public profile. The technician themself (and an admin) also see their e-mail and the
     * certifications still waiting for review, marked as such; nobody else sees those.
     */
    async get(id: number, viewer: Viewer) {
      const now = app.clock();
      const row = await q.findPublicTechnician(app.db, id, now);
      if (!row) throw new AppError(404, 'Technician not found');
      const { featured } = await technicianPlan(app.db, id, now);
      const t = toTechnician({ ...row, featured });
      if (seesEmailOf(viewer, id)) {
        t.user.email = row.email;
        t.pendingCertifications = await q.pendingCertificationNames(app.db, id);
      }
      return t;
    },

    /** A profile's reviews, newest first: `limit` of them from `offset`, and the total. */
    async reviews(id: number, offset: number, limit: number) {
      if (!(await q.findPublicTechnician(app.db, id, app.clock())))
        throw new AppError(404, 'Technician not found');
      const { rows, total } = await q.listReviews(app.db, id, limit, offset);
      const paid = await paidJobs(
        app.db,
        rows.map((r) => r.serviceRequestId).filter((x): x is number => x !== null),
      );
      return { items: rows.map((r) => toPublicReview(r, paid)), total };
    },

    stats: () => q.marketplaceStats(app.db, app.clock()),
  };

  /**
   * Approved (and, by default, available) technicians matching the filters, nearest first with
   * featured technicians first within each FEATURED_BAND_MILES band (ADR 014), as the
   * serialized JSON page (public shape, UTF-8 encoded once: a cached page is written to the
   * socket as it is, not encoded again per answer) and the total.
   */
  async function publicSearch(f: TechnicianSearch): Promise<{ body: Buffer; total: number }> {
    const point = resolvePoint(f);
    const snapshot = await app.technicianIndex.current();
    const now = app.clock().getTime();
    const version = snapshot.version;
    const epoch = featuredEpoch(snapshot, now);
    caches.sync(version, epoch);
    const name = f.name?.toLowerCase();
    // Recommended (the default) is the nearest first, or the best rated without a place, with
    // featured listings leading (ADR 014); every order the visitor picks is obeyed strictly (the
    // badge still shows). Distance needs a place: without one it is rating (ADR 018).
    const sort = f.sort ?? 'recommended';
    const boost = sort === 'recommended';
    const effectiveSort =
      sort === 'recommended' || sort === 'distance' ? (point ? 'distance' : 'rating') : sort;
    // The total depends on the filters only: known from an earlier page of any size or order.
    const totalKey = JSON.stringify([
      placeKey(point),
      f.maxDistance,
      f.serviceType,
      name,
      f.available,
      f.featured,
    ]);
    const key = JSON.stringify([totalKey, effectiveSort, boost, f.page, f.pageSize]);
    const cached = caches.page(key);
    if (cached) return cached;
    const filters: SearchFilters = {
      point,
      maxDistance: f.maxDistance,
      serviceType: f.serviceType,
      name,
      available: f.available,
      featured: f.featured,
      boost,
      sort: effectiveSort,
      now,
      offset: (f.page - 1) * f.pageSize,
      limit: f.pageSize,
    };
    const match = stateMatcher(snapshot, filters);
    const known = caches.total(totalKey);
    const { hits, total } = searchSnapshot(snapshot, { ...filters, knownTotal: known });
    if (known === undefined) caches.keepTotal(totalKey, total, match);
    const lastHit = hits[hits.length - 1];
    const lastState = lastHit ? stateOf(snapshot, lastHit.id) : null;
    const byId = await caches.publicRows(
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
    const body = Buffer.from(JSON.stringify(items));
    caches.keepPage(
      key,
      {
        total,
        body,
        f: filters,
        match,
        ids: new Set(hits.map((h) => h.id)),
        last: lastState ? { state: lastState, h: match(lastState, now) } : null,
        full: hits.length === filters.limit,
      },
      version,
      epoch,
    );
    return { total, body };
  }
}
