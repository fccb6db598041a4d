import { and, asc, count, desc, eq, inArray, isNull, sql, type Placeholder } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reviews, serviceRequests, technicians, users, verifications } from '../../db/schema';
import {
  certifiedSql,
  credentialsToday,
  verifiedCertificationsSql,
} from '../../domain/credentials';
import type { StartingPrice } from '@shared/schemas/starting-prices';

/**
 * A listed technician's public columns at `now`: the certifications are their current verified
 * ones only, and `certified` says whether they hold a current verified license and insurance
 * (ADR 033); nothing unverified is public.
 */
export const technicianColumns = (now: Date | Placeholder) => ({
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
  certifications: verifiedCertificationsSql(technicians.id, now),
  certified: sql<boolean>`${certifiedSql(technicians.id, now)}`,
  specialties: technicians.specialties,
  bio: technicians.bio,
  profileImage: technicians.profileImage,
  isAvailable: technicians.isAvailable,
  serviceRadiusMiles: technicians.serviceRadiusMiles,
  latitude: technicians.latitude,
  longitude: technicians.longitude,
  startingPrices: technicians.startingPrices,
  warrantyMonths: technicians.warrantyMonths,
  warrantyMiles: technicians.warrantyMiles,
});

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
  certified: boolean;
  specialties: string[];
  bio: string | null;
  profileImage: string | null;
  isAvailable: boolean;
  serviceRadiusMiles: number;
  latitude: number;
  longitude: number;
  startingPrices: StartingPrice[];
  warrantyMonths: number;
  warrantyMiles: number;
};

const listed = and(eq(users.status, 'approved'), eq(users.role, 'technician'));

/**
 * Search's cards, read for the technicians of a page the cache does not hold: a prepared
 * statement (one text whatever the page's size: the ids are one array parameter), so PostgreSQL
 * plans its credential subqueries once per connection instead of on every page (planning cost
 * more than running it: about 5 ms against 1-3 ms for 100 rows at a million technicians).
 */
const publicTechniciansById = (db: DbOrTx) =>
  db
    .select(technicianColumns(sql.placeholder('today')))
    .from(technicians)
    .innerJoin(users, eq(users.id, technicians.userId))
    .where(and(sql`${technicians.id} = any(${sql.placeholder('ids')}::integer[])`, listed))
    .prepare('public_technicians_by_id');
const prepared = new WeakMap<DbOrTx, ReturnType<typeof publicTechniciansById>>();

/** The listed technicians among `ids` (any order; the caller orders them). */
export function findPublicTechnicians(
  db: DbOrTx,
  ids: number[],
  now: Date,
): Promise<TechnicianRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  let statement = prepared.get(db);
  if (!statement) prepared.set(db, (statement = publicTechniciansById(db)));
  return statement.execute({ ids, today: credentialsToday(now) });
}

export function findPublicTechnician(db: DbOrTx, id: number, now: Date) {
  return db
    .select(technicianColumns(now))
    .from(technicians)
    .innerJoin(users, eq(users.id, technicians.userId))
    .where(and(eq(technicians.id, id), listed))
    .limit(1)
    .then((r) => r[0]);
}

/** A technician's reviews that are not hidden by an admin (ADR 025). */
const visibleOf = (technicianId: number) =>
  and(eq(reviews.technicianId, technicianId), isNull(reviews.hiddenAt));

/**
 * A technician's public reviews (hidden ones left out), newest first, with the reviewer's name
 * and the job they are about.
 */
export async function listReviews(db: DbOrTx, technicianId: number, limit: number, offset: number) {
  const [rows, [c]] = await Promise.all([
    db
      .select({
        id: reviews.id,
        rating: reviews.rating,
        comment: reviews.comment,
        createdAt: reviews.createdAt,
        reply: reviews.reply,
        repliedAt: reviews.repliedAt,
        firstName: users.firstName,
        lastName: users.lastName,
        serviceRequestId: reviews.serviceRequestId,
        serviceType: serviceRequests.serviceType,
        completedAt: serviceRequests.completedAt,
      })
      .from(reviews)
      .leftJoin(users, eq(users.id, reviews.customerId))
      .leftJoin(serviceRequests, eq(serviceRequests.id, reviews.serviceRequestId))
      .where(visibleOf(technicianId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(reviews).where(visibleOf(technicianId)),
  ]);
  return { rows, total: c?.n ?? 0 };
}

/** Listed technicians, and how many of them are certified at `now`; completed jobs. */
export async function marketplaceStats(db: DbOrTx, now: Date) {
  const [[t], [j]] = await Promise.all([
    db
      .select({
        n: count(),
        certified:
          sql<number>`count(*) filter (where ${certifiedSql(technicians.id, now)})`.mapWith(Number),
      })
      .from(technicians)
      .innerJoin(users, eq(users.id, technicians.userId))
      .where(listed),
    db.select({ n: count() }).from(serviceRequests).where(eq(serviceRequests.status, 'completed')),
  ]);
  return {
    approvedTechnicians: t?.n ?? 0,
    certifiedTechnicians: t?.certified ?? 0,
    completedJobs: j?.n ?? 0,
  };
}

/** The names of the technician's certifications waiting for review (shown to them only). */
export function pendingCertificationNames(db: DbOrTx, technicianId: number) {
  return db
    .select({ name: verifications.credentialName })
    .from(verifications)
    .where(
      and(
        eq(verifications.technicianId, technicianId),
        eq(verifications.verificationType, 'certification'),
        eq(verifications.verificationStatus, 'pending'),
        isNull(verifications.withdrawnAt),
      ),
    )
    .orderBy(asc(verifications.createdAt), asc(verifications.id))
    .then((r) => [...new Set(r.map((x) => x.name))]);
}

/** The account e-mail of each technician id. */
export function findTechnicianEmails(db: DbOrTx, ids: number[]) {
  return db
    .select({ id: technicians.id, email: users.email })
    .from(technicians)
    .innerJoin(users, eq(users.id, technicians.userId))
    .where(inArray(technicians.id, ids));
}
