import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { EARTH_RADIUS_MILES, type Point } from '../../../shared/geo';
import type { DbOrTx } from '../../db/client';
import { reviews, serviceRequests, technicians, users } from '../../db/schema';

/** Great-circle miles from `p` to the technician's base (haversine, in SQL). */
export function distanceSql(p: Point): SQL<number> {
  const lat = sql`${p.latitude}::float8`;
  const lng = sql`${p.longitude}::float8`;
  return sql<number>`(${2 * EARTH_RADIUS_MILES}::float8 * asin(least(1::float8, sqrt(
    power(sin(radians(${technicians.latitude} - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${technicians.latitude}))
      * power(sin(radians(${technicians.longitude} - ${lng}) / 2), 2)))))`;
}

export const technicianColumns = {
  id: technicians.id,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  email: users.email,
  rating: technicians.rating,
  totalReviews: technicians.totalReviews,
  location: technicians.location,
  yearsExperience: technicians.yearsExperience,
  hourlyRateCents: technicians.hourlyRateCents,
  certifications: technicians.certifications,
  specialties: technicians.specialties,
  bio: technicians.bio,
  profileImage: technicians.profileImage,
  isAvailable: technicians.isAvailable,
  serviceRadiusMiles: technicians.serviceRadiusMiles,
};

export type TechnicianRow = {
  id: number;
  firstName: string;
  lastName: string;
  phone: string | null;
  email: string;
  rating: string;
  totalReviews: number;
  location: string;
  yearsExperience: number;
  hourlyRateCents: number;
  certifications: string[];
  specialties: string[];
  bio: string | null;
  profileImage: string | null;
  isAvailable: boolean;
  serviceRadiusMiles: number;
};

export async function searchTechnicians(
  db: DbOrTx,
  f: {
    where: SQL[];
    distance?: SQL<number>;
    distanceLimit?: SQL;
    limit: number;
    offset: number;
  },
) {
  const conditions = [...f.where];
  if (f.distanceLimit) conditions.push(f.distanceLimit);
  const order = f.distance
    ? [asc(f.distance), desc(technicians.rating), asc(technicians.id)]
    : [desc(technicians.rating), desc(technicians.totalReviews), asc(technicians.id)];
  const rows = await db
    .select({
      ...technicianColumns,
      distanceMiles: f.distance ?? sql<null>`null`,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(technicians)
    .innerJoin(users, eq(users.id, technicians.userId))
    .where(and(...conditions))
    .orderBy(...order)
    .limit(f.limit)
    .offset(f.offset);
  if (rows.length === 0 && f.offset > 0) {
    // Past the last page: the window count is not available, ask for it.
    const [c] = await db
      .select({ n: count() })
      .from(technicians)
      .innerJoin(users, eq(users.id, technicians.userId))
      .where(and(...conditions));
    return { rows, total: c?.n ?? 0 };
  }
  return { rows, total: rows[0]?.total ?? 0 };
}

export function findPublicTechnician(db: DbOrTx, id: number) {
  return db
    .select(technicianColumns)
    .from(technicians)
    .innerJoin(users, eq(users.id, technicians.userId))
    .where(and(eq(technicians.id, id), eq(users.status, 'approved'), eq(users.role, 'technician')))
    .limit(1)
    .then((r) => r[0]);
}

export async function listReviews(db: DbOrTx, technicianId: number, limit: number, offset: number) {
  const [rows, [c]] = await Promise.all([
    db
      .select({
        id: reviews.id,
        rating: reviews.rating,
        comment: reviews.comment,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .where(eq(reviews.technicianId, technicianId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(reviews).where(eq(reviews.technicianId, technicianId)),
  ]);
  return { rows, total: c?.n ?? 0 };
}

export async function marketplaceStats(db: DbOrTx) {
  const [[t], [j]] = await Promise.all([
    db
      .select({ n: count() })
      .from(technicians)
      .innerJoin(users, eq(users.id, technicians.userId))
      .where(and(eq(users.status, 'approved'), eq(users.role, 'technician'))),
    db.select({ n: count() }).from(serviceRequests).where(eq(serviceRequests.status, 'completed')),
  ]);
  return { approvedTechnicians: t?.n ?? 0, completedJobs: j?.n ?? 0 };
}

/** The largest service radius any technician has, to bound the bounding-box prefilter. */
export async function maxServiceRadius(db: DbOrTx): Promise<number> {
  const [r] = await db
    .select({ m: sql<number>`coalesce(max(${technicians.serviceRadiusMiles}), 0)`.mapWith(Number) })
    .from(technicians);
  return r?.m ?? 0;
}
