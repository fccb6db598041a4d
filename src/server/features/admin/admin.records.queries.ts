import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { auditLog, contactMessages, serviceRequests, technicians, users } from '../../db/schema';
import type { ServiceRequestStatus } from '@shared/constants/domain';
import { escapeLike } from '../../infra/sql-like';

/** The assigned technician's account, next to the customer's. */
const techUser = alias(users, 'tech_user');

type RequestFilter = { status?: ServiceRequestStatus; id?: number; email?: string };

function requestWhere(f: RequestFilter) {
  const where: SQL[] = [];
  if (f.status) where.push(eq(serviceRequests.status, f.status));
  if (f.id !== undefined) where.push(eq(serviceRequests.id, f.id));
  if (f.email) {
    const p = `%${escapeLike(f.email)}%`;
    where.push(or(ilike(serviceRequests.contactEmail, p), ilike(users.email, p))!);
  }
  return and(...where);
}

/** The service requests an admin looks for: by status, by id, or by the customer's e-mail. */
export async function listServiceRequests(
  db: DbOrTx,
  f: RequestFilter & { limit: number; offset: number },
) {
  const where = requestWhere(f);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        request: serviceRequests,
        customer: { firstName: users.firstName, lastName: users.lastName, email: users.email },
        techFirstName: techUser.firstName,
        techLastName: techUser.lastName,
      })
      .from(serviceRequests)
      .innerJoin(users, eq(users.id, serviceRequests.customerId))
      .leftJoin(technicians, eq(technicians.id, serviceRequests.assignedTechnicianId))
      .leftJoin(techUser, eq(techUser.id, technicians.userId))
      .where(where)
      // Unmatched requests wait for an admin: they come first, then the newest.
      .orderBy(
        sql`case when ${serviceRequests.status} = 'unmatched' then 0 else 1 end`,
        desc(serviceRequests.createdAt),
        desc(serviceRequests.id),
      )
      .limit(f.limit)
      .offset(f.offset),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(serviceRequests)
      .innerJoin(users, eq(users.id, serviceRequests.customerId))
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Contact Us messages: priority support first, then newest first. */
export async function listContactMessages(
  db: DbOrTx,
  f: { handled?: boolean; limit: number; offset: number },
) {
  const where =
    f.handled === undefined
      ? undefined
      : f.handled
        ? isNotNull(contactMessages.handledAt)
        : isNull(contactMessages.handledAt);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        message: contactMessages,
        byUsername: users.username,
        byFirstName: users.firstName,
        byLastName: users.lastName,
      })
      .from(contactMessages)
      .leftJoin(users, eq(users.id, contactMessages.handledBy))
      .where(where)
      .orderBy(
        desc(contactMessages.priority),
        desc(contactMessages.createdAt),
        desc(contactMessages.id),
      )
      .limit(f.limit)
      .offset(f.offset),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(contactMessages)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export function contactMessageById(db: DbOrTx, id: number) {
  return db
    .select({
      message: contactMessages,
      byUsername: users.username,
      byFirstName: users.firstName,
      byLastName: users.lastName,
    })
    .from(contactMessages)
    .leftJoin(users, eq(users.id, contactMessages.handledBy))
    .where(eq(contactMessages.id, id))
    .then((r) => r[0]);
}

/** The message, locked for the handled flag. */
export function lockContactMessage(db: DbOrTx, id: number) {
  return db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.id, id))
    .for('update')
    .then((r) => r[0]);
}

export function setContactMessageHandled(
  db: DbOrTx,
  id: number,
  handled: { at: Date; by: number } | null,
) {
  return db
    .update(contactMessages)
    .set({ handledAt: handled?.at ?? null, handledBy: handled?.by ?? null })
    .where(eq(contactMessages.id, id));
}

export type AuditFilter = {
  actorId?: number;
  actorText?: string;
  action?: string;
  /** Inclusive start and exclusive end. */
  from?: Date;
  before?: Date;
  limit: number;
  offset: number;
};

/** Audit entries, newest first, with their total. */
export async function searchAudit(db: DbOrTx, f: AuditFilter) {
  const where: SQL[] = [];
  if (f.actorId !== undefined || f.actorText) {
    const text = f.actorText ? `%${escapeLike(f.actorText)}%` : null;
    const byText = text
      ? or(
          ilike(users.username, text),
          ilike(users.email, text),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, text),
        )
      : undefined;
    const byId = f.actorId !== undefined ? eq(auditLog.actorUserId, f.actorId) : undefined;
    where.push(or(byId, byText)!);
  }
  if (f.action) where.push(eq(auditLog.action, f.action));
  if (f.from) where.push(gte(auditLog.createdAt, f.from));
  if (f.before) where.push(lt(auditLog.createdAt, f.before));
  const [rows, [count]] = await Promise.all([
    db
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
      .where(and(...where))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(f.limit)
      .offset(f.offset),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(and(...where)),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Every distinct action in the audit log, alphabetically. */
export async function auditActions(db: DbOrTx) {
  const rows = await db
    .selectDistinct({ action: auditLog.action })
    .from(auditLog)
    .orderBy(asc(auditLog.action));
  return rows.map((r) => r.action);
}
