import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import zipcodes from 'zipcodes';
import { findLocation } from '../../../shared/constants/locations';
import { boundingBox, roundMiles, type Point } from '../../../shared/geo';
import { centsToDecimal } from '../../../shared/money';
import type { Technician, TechnicianSearch } from '../../../shared/schemas/technicians';
import { technicians, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import * as q from './technicians.queries';

/** Coordinates of a named location or any US ZIP code; a 400 when the ZIP is unknown. */
export function resolvePoint(f: { location?: string; zip?: string }): Point | undefined {
  if (f.location) {
    const loc = findLocation(f.location);
    if (!loc) throw new AppError(400, `Unknown location: ${f.location}`);
    return loc;
  }
  if (f.zip) {
    const z = zipcodes.lookup(f.zip.slice(0, 5));
    if (!z) throw new AppError(400, `Unknown ZIP code: ${f.zip}`);
    return { latitude: z.latitude, longitude: z.longitude };
  }
  return undefined;
}

export function toTechnician(row: q.TechnicianRow & { distanceMiles?: number | null }): Technician {
  const t: Technician = {
    id: row.id,
    user: { firstName: row.firstName, lastName: row.lastName, phone: row.phone, email: row.email },
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
  };
  if (row.distanceMiles != null) t.distanceMiles = roundMiles(row.distanceMiles);
  return t;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createTechnicianService(app: FastifyInstance) {
  let radiusCache: { value: number; at: number } | undefined;
  async function maxRadius() {
    const now = Date.now();
    if (!radiusCache || now - radiusCache.at > 30_000) {
      radiusCache = { value: await q.maxServiceRadius(app.db), at: now };
    }
    return radiusCache.value;
  }

  return {
    /** Approved (and, by default, available) technicians matching the filters, nearest first. */
    async search(f: TechnicianSearch) {
      const where: SQL[] = [eq(users.status, 'approved'), eq(users.role, 'technician')];
      if (f.available) where.push(eq(technicians.isAvailable, true));
      if (f.serviceType)
        where.push(sql`${technicians.specialties} @> array[${f.serviceType}]::text[]`);
      if (f.name) {
        const pattern = `%${escapeLike(f.name.toLowerCase())}%`;
        where.push(sql`lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern}`);
      }
      const point = resolvePoint(f);
      let distance: SQL<number> | undefined;
      let distanceLimit: SQL | undefined;
      if (point) {
        distance = q.distanceSql(point);
        // With a distance: within it. Without: technicians whose service radius reaches the customer.
        const reach = f.maxDistance ?? (await maxRadius());
        const box = boundingBox(point, reach);
        where.push(
          gte(technicians.latitude, box.minLat),
          lte(technicians.latitude, box.maxLat),
          gte(technicians.longitude, box.minLng),
          lte(technicians.longitude, box.maxLng),
        );
        distanceLimit =
          f.maxDistance !== undefined
            ? sql`${distance} <= ${f.maxDistance}::float8`
            : sql`${distance} <= ${technicians.serviceRadiusMiles}`;
      }
      const { rows, total } = await q.searchTechnicians(app.db, {
        where: [and(...where)!],
        distance,
        distanceLimit,
        limit: f.pageSize,
        offset: (f.page - 1) * f.pageSize,
      });
      return { items: rows.map(toTechnician), total };
    },

    async get(id: number) {
      const row = await q.findPublicTechnician(app.db, id);
      if (!row) throw new AppError(404, 'Technician not found');
      return toTechnician(row);
    },

    async reviews(id: number, page: number, pageSize: number) {
      if (!(await q.findPublicTechnician(app.db, id)))
        throw new AppError(404, 'Technician not found');
      const { rows, total } = await q.listReviews(app.db, id, pageSize, (page - 1) * pageSize);
      return {
        items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        total,
      };
    },

    stats: () => q.marketplaceStats(app.db),
  };
}
