import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { reviews, serviceRequests, technicians, users } from '../../db/schema';

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
  latitude: technicians.latitude,
  longitude: technicians.longitude,
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
  latitude: number;
  longitude: number;
};

const listed = and(eq(users.status, 'approved'), eq(users.role, 'technician'));

/** The listed technicians among `ids` (any order; the caller orders them). */
export function findPublicTechnicians(db: DbOrTx, ids: number[]): Promise<TechnicianRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(technicianColumns)
    .from(technicians)
    .innerJoin(users, eq(users.id, technicians.userId))
    .where(and(inArray(technicians.id, ids), listed));
}

export function findPublicTechnician(db: DbOrTx, id: number) {
  return db
    .select(technicianColumns)
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

/** The account e-mail of each technician id. */
export function findTechnicianEmails(db: DbOrTx, ids: number[]) {
  return db
    .select({ id: technicians.id, email: users.email })
    .from(technicians)
    .innerJoin(users, eq(users.id, technicians.userId))
    .where(inArray(technicians.id, ids));
}
