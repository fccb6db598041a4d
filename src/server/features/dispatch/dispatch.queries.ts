import { and, asc, desc, eq, gt, lte, ne, sql } from 'drizzle-orm';
import { boundingBox, EARTH_RADIUS_MILES, type Point } from '../../../shared/geo';
import type { DbOrTx } from '../../db/client';
import { jobNotifications, serviceRequests, technicians, users } from '../../db/schema';

const distance = (p: Point) => {
  const lat = sql`${p.latitude}::float8`;
  const lng = sql`${p.longitude}::float8`;
  return sql<number>`(${2 * EARTH_RADIUS_MILES}::float8 * asin(least(1::float8, sqrt(
    power(sin(radians(${technicians.latitude} - ${lat}) / 2), 2)
    + cos(radians(${lat})) * cos(radians(${technicians.latitude}))
      * power(sin(radians(${technicians.longitude} - ${lng}) / 2), 2)))))`;
};

/**
 * The nearest technicians who can take the request: approved, available, valid credentials
 * (no license or insurance verification rejected or past its expiration date), a specialty
 * matching the service type, a service radius reaching the request, and not yet notified.
 */
export function findCandidates(
  db: DbOrTx,
  r: {
    id: number;
    serviceType: string;
    point: Point;
    today: string;
    maxRadius: number;
    limit: number;
  },
) {
  const d = distance(r.point);
  const box = boundingBox(r.point, r.maxRadius);
  return db
    .select({ technicianId: technicians.id, distanceMiles: d })
    .from(technicians)
    .innerJoin(users, eq(users.id, technicians.userId))
    .where(
      and(
        eq(users.status, 'approved'),
        eq(users.role, 'technician'),
        eq(technicians.isAvailable, true),
        sql`${technicians.specialties} @> array[${r.serviceType}]::text[]`,
        sql`${technicians.latitude} between ${box.minLat}::float8 and ${box.maxLat}::float8`,
        sql`${technicians.longitude} between ${box.minLng}::float8 and ${box.maxLng}::float8`,
        sql`${d} <= ${technicians.serviceRadiusMiles}`,
        sql`not exists (select 1 from job_notifications jn where jn.service_request_id = ${r.id} and jn.technician_id = ${technicians.id})`,
        sql`not exists (select 1 from verifications v where v.technician_id = ${technicians.id}
              and v.verification_type in ('license', 'insurance')
              and (v.verification_status in ('rejected', 'expired') or v.expiration_date < ${r.today}::date))`,
      ),
    )
    .orderBy(asc(d), desc(technicians.rating), asc(technicians.id))
    .limit(r.limit);
}

export async function maxServiceRadius(db: DbOrTx) {
  const [r] = await db
    .select({ m: sql<number>`coalesce(max(${technicians.serviceRadiusMiles}), 0)`.mapWith(Number) })
    .from(technicians);
  return r?.m ?? 0;
}

export function lockRequest(db: DbOrTx, id: number) {
  return db
    .select()
    .from(serviceRequests)
    .where(eq(serviceRequests.id, id))
    .for('update')
    .then((r) => r[0]);
}

/** Open requests whose current round is over: nothing pending and unexpired is left. */
export function requestsWithFinishedRound(db: DbOrTx, now: Date) {
  return db
    .select({ id: serviceRequests.id })
    .from(serviceRequests)
    .where(
      and(
        eq(serviceRequests.status, 'open'),
        gt(serviceRequests.dispatchRound, 0),
        sql`not exists (select 1 from job_notifications jn where jn.service_request_id = ${serviceRequests.id}
              and jn.status = 'pending' and jn.expires_at > ${now})`,
      ),
    )
    .limit(100);
}

/** Pending notifications past their expiry, to be marked expired. */
export function expiredPending(db: DbOrTx, now: Date) {
  return db
    .select({
      id: jobNotifications.id,
      technicianId: jobNotifications.technicianId,
      serviceRequestId: jobNotifications.serviceRequestId,
    })
    .from(jobNotifications)
    .where(and(eq(jobNotifications.status, 'pending'), lte(jobNotifications.expiresAt, now)))
    .limit(500);
}

export function notificationRows(db: DbOrTx, technicianId: number, limit: number) {
  return db
    .select({
      n: jobNotifications,
      r: serviceRequests,
      c: {
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        phone: users.phone,
      },
    })
    .from(jobNotifications)
    .innerJoin(serviceRequests, eq(serviceRequests.id, jobNotifications.serviceRequestId))
    .innerJoin(users, eq(users.id, serviceRequests.customerId))
    .where(
      and(eq(jobNotifications.technicianId, technicianId), ne(jobNotifications.status, 'closed')),
    )
    .orderBy(desc(jobNotifications.createdAt), desc(jobNotifications.id))
    .limit(limit);
}

export function notificationById(db: DbOrTx, id: number) {
  return db
    .select({
      n: jobNotifications,
      r: serviceRequests,
      c: {
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        phone: users.phone,
      },
    })
    .from(jobNotifications)
    .innerJoin(serviceRequests, eq(serviceRequests.id, jobNotifications.serviceRequestId))
    .innerJoin(users, eq(users.id, serviceRequests.customerId))
    .where(eq(jobNotifications.id, id))
    .then((r) => r[0]);
}

export function otherPending(db: DbOrTx, serviceRequestId: number, exceptId: number) {
  return db
    .update(jobNotifications)
    .set({ status: 'closed' })
    .where(
      and(
        eq(jobNotifications.serviceRequestId, serviceRequestId),
        eq(jobNotifications.status, 'pending'),
        ne(jobNotifications.id, exceptId),
      ),
    )
    .returning({ id: jobNotifications.id, technicianId: jobNotifications.technicianId });
}

export function technicianContact(db: DbOrTx, technicianId: number) {
  return db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
    })
    .from(technicians)
    .innerJoin(users, eq(users.id, technicians.userId))
    .where(eq(technicians.id, technicianId))
    .then((r) => r[0]);
}
