import {
  and,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  auditLog,
  payments,
  plans,
  reviewReports,
  reviews,
  subscriptions,
  technicianApplications,
  technicians,
  users,
  verifications,
} from '../../db/schema';
import type { Role, UserStatus } from '@shared/constants/domain';
import { escapeLike } from '../../infra/sql-like';

export async function listUsers(
  db: DbOrTx,
  f: {
    search?: string;
    role?: Role;
    status?: UserStatus;
    includeGuests: boolean;
    limit: number;
    offset: number;
  },
) {
  const where: SQL[] = [];
  if (!f.includeGuests) where.push(eq(users.isGuest, false));
  if (f.role) where.push(eq(users.role, f.role));
  if (f.status) where.push(eq(users.status, f.status));
  if (f.search) {
    const p = `%${escapeLike(f.search)}%`;
    where.push(
      or(
        ilike(users.username, p),
        ilike(users.email, p),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, p),
      )!,
    );
  }
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      status: users.status,
      isGuest: users.isGuest,
      technicianId: technicians.id,
      createdAt: users.createdAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(users)
    .leftJoin(technicians, eq(technicians.userId, users.id))
    .where(and(...where))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(f.limit)
    .offset(f.offset);
  return { rows, total: rows[0]?.total ?? 0 };
}

export async function roleCounts(db: DbOrTx) {
  const rows = await db
    .select({ role: users.role, n: count() })
    .from(users)
    .where(eq(users.isGuest, false))
    .groupBy(users.role);
  const out = { customer: 0, technician: 0, admin: 0 };
  for (const r of rows) out[r.role] = r.n;
  return out;
}

export function pendingRegistrations(db: DbOrTx) {
  return db
    .select({ user: users, tech: technicians })
    .from(users)
    .leftJoin(technicians, eq(technicians.userId, users.id))
    .where(and(eq(users.status, 'pending'), eq(users.isGuest, false)))
    .orderBy(users.createdAt);
}

/**
 * The documents attached to the credentials of these users' technician profiles (withdrawn ones
 * left out), oldest first: what a registration awaiting approval was sent with.
 */
export function credentialDocumentsOf(db: DbOrTx, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      userId: technicians.userId,
      verificationType: verifications.verificationType,
      credentialName: verifications.credentialName,
      documentId: verifications.documentId,
    })
    .from(verifications)
    .innerJoin(technicians, eq(technicians.id, verifications.technicianId))
    .where(
      and(
        inArray(technicians.userId, userIds),
        isNotNull(verifications.documentId),
        isNull(verifications.withdrawnAt),
      ),
    )
    .orderBy(verifications.createdAt, verifications.id);
}

export function pendingApplications(db: DbOrTx) {
  return db
    .select()
    .from(technicianApplications)
    .where(eq(technicianApplications.status, 'pending'))
    .orderBy(technicianApplications.createdAt);
}

export function listTechnicians(
  db: DbOrTx,
  f: { search?: string; status?: UserStatus; limit: number; offset: number },
) {
  const where: SQL[] = [eq(users.role, 'technician')];
  if (f.status) where.push(eq(users.status, f.status));
  if (f.search) {
    const p = `%${escapeLike(f.search)}%`;
    where.push(
      or(
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, p),
        ilike(users.email, p),
        ilike(technicians.location, p),
      )!,
    );
  }
  return db
    .select({
      id: technicians.id,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      status: users.status,
      location: technicians.location,
      specialties: technicians.specialties,
      rating: technicians.rating,
      totalReviews: technicians.totalReviews,
      isAvailable: technicians.isAvailable,
      createdAt: technicians.createdAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(technicians)
    .innerJoin(users, eq(users.id, technicians.userId))
    .where(and(...where))
    .orderBy(desc(technicians.createdAt), desc(technicians.id))
    .limit(f.limit)
    .offset(f.offset);
}

export async function revenueBetween(db: DbOrTx, from: Date | null, to: Date | null) {
  const where: SQL[] = [eq(payments.status, 'succeeded')];
  if (from) where.push(gte(payments.createdAt, from));
  if (to) where.push(lt(payments.createdAt, to));
  const [r] = await db
    .select({
      // Less what was refunded from the provider's dashboard.
      cents:
        sql<number>`coalesce(sum(${payments.amountCents} - ${payments.refundedCents}), 0)`.mapWith(
          Number,
        ),
    })
    .from(payments)
    .where(and(...where));
  return r?.cents ?? 0;
}

export async function pendingPayments(db: DbOrTx) {
  const [r] = await db
    .select({
      n: count(),
      cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)`.mapWith(Number),
    })
    .from(payments)
    .where(eq(payments.status, 'processing'));
  return { count: r?.n ?? 0, cents: r?.cents ?? 0 };
}

export function activeSubscriptionsByPlan(db: DbOrTx) {
  return db
    .select({ plan: plans.name, n: count() })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.status, 'active'))
    .groupBy(plans.name);
}

export function recentPayments(db: DbOrTx, limit: number) {
  return db
    .select({
      id: payments.id,
      firstName: users.firstName,
      lastName: users.lastName,
      description: payments.description,
      amountCents: payments.amountCents,
      status: payments.status,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .innerJoin(technicians, eq(technicians.id, payments.technicianId))
    .innerJoin(users, eq(users.id, technicians.userId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
}

export async function verificationCounts(db: DbOrTx, today: string, windowEnd: string) {
  const [r] = await db
    .select({
      pending:
        sql<number>`count(*) filter (where ${verifications.verificationStatus} = 'pending')`.mapWith(
          Number,
        ),
      expiring:
        sql<number>`count(*) filter (where ${verifications.verificationStatus} = 'verified' and ${verifications.expirationDate} >= ${today} and ${verifications.expirationDate} <= ${windowEnd})`.mapWith(
          Number,
        ),
      expired:
        sql<number>`count(*) filter (where ${verifications.verificationStatus} in ('verified', 'expired') and ${verifications.expirationDate} < ${today})`.mapWith(
          Number,
        ),
    })
    .from(verifications)
    .where(isNull(verifications.withdrawnAt));
  return { pending: r?.pending ?? 0, expiring: r?.expiring ?? 0, expired: r?.expired ?? 0 };
}

export async function countSince(db: DbOrTx, since: Date) {
  const [r] = await db
    .select({ n: count() })
    .from(technicians)
    .where(gte(technicians.createdAt, since));
  return r?.n ?? 0;
}

export async function failedPaymentsSince(db: DbOrTx, since: Date) {
  const [r] = await db
    .select({ n: count() })
    .from(payments)
    .where(and(eq(payments.status, 'failed'), gte(payments.createdAt, since)));
  return r?.n ?? 0;
}

/**
 * Shown reviews that need a moderator's look: reported since the last decision on them, or
 * flagged and never decided (the moderation queue's 'needs attention').
 */
export async function reviewsNeedingAttention(db: DbOrTx) {
  const [r] = await db
    .select({ n: count() })
    .from(reviews)
    .where(
      and(
        isNull(reviews.hiddenAt),
        or(
          sql`exists (select 1 from ${reviewReports} where ${reviewReports.reviewId} = ${reviews.id} and (${reviews.moderatedAt} is null or ${reviewReports.createdAt} > ${reviews.moderatedAt}))`,
          and(sql`cardinality(${reviews.flags}) > 0`, isNull(reviews.moderatedAt)),
        ),
      ),
    );
  return r?.n ?? 0;
}

export function recentAudit(db: DbOrTx, limit: number) {
  return db
    .select({
      id: auditLog.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

export function userById(db: DbOrTx, id: number) {
  return db
    .select()
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
    .then((r) => r[0]);
}

/** The user, locked for a status decision. */
export function lockUser(db: DbOrTx, id: number) {
  return db
    .select()
    .from(users)
    .where(eq(users.id, id))
    .for('update')
    .then((r) => r[0]);
}

export function setUserStatus(db: DbOrTx, id: number, status: UserStatus) {
  return db.update(users).set({ status }).where(eq(users.id, id));
}

/** The new role, with the account approved. */
export function setUserRoleApproved(db: DbOrTx, id: number, role: Role) {
  return db.update(users).set({ role, status: 'approved' }).where(eq(users.id, id));
}

/** A technician profile for the user unless one exists already. */
export function insertTechnicianIfMissing(db: DbOrTx, values: typeof technicians.$inferInsert) {
  return db.insert(technicians).values(values).onConflictDoNothing({ target: technicians.userId });
}

export function technicianUserId(db: DbOrTx, technicianId: number) {
  return db
    .select({ userId: technicians.userId })
    .from(technicians)
    .where(eq(technicians.id, technicianId))
    .then((r) => r[0]);
}
