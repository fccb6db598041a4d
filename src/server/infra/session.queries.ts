import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { sessions, technicians, users } from '../db/schema';

/** The user of a live session (not expired at `now`), with the session's last use. */
export async function sessionUserRow(db: DbOrTx, sessionId: string, now: Date) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      role: users.role,
      status: users.status,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      technicianId: technicians.id,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(technicians, eq(technicians.userId, users.id))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now)))
    .limit(1);
  return row;
}

export const deleteSession = (db: DbOrTx, sessionId: string) =>
  db.delete(sessions).where(eq(sessions.id, sessionId));

/** Marks the session used at `now` and moves its expiry to `expiresAt`. */
export const touchSession = (db: DbOrTx, sessionId: string, now: Date, expiresAt: Date) =>
  db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, sessionId));
