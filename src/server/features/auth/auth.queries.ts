import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions, technicians, users } from '../../db/schema';
export {
  deleteUserSessions,
  findAccountByEmail,
  findUserToken,
  useUserTokens,
} from '../../domain/accounts';

export type NewUser = typeof users.$inferInsert;

/** The account (never a guest record) whose username or e-mail is the login. */
export function findUserByLogin(db: DbOrTx, login: string) {
  const l = login.trim().toLowerCase();
  return db
    .select()
    .from(users)
    .where(
      and(
        eq(users.isGuest, false),
        or(eq(sql`lower(${users.username})`, l), eq(sql`lower(${users.email})`, l)),
      ),
    )
    .limit(1)
    .then((r) => r[0]);
}

export function usernameTaken(db: DbOrTx, username: string) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(1)
    .then((r) => r.length > 0);
}

export function findTechnicianIdByUser(db: DbOrTx, userId: number) {
  return db
    .select({ id: technicians.id })
    .from(technicians)
    .where(eq(technicians.userId, userId))
    .limit(1)
    .then((r) => r[0]?.id ?? null);
}

export function insertSession(
  db: DbOrTx,
  s: { id: string; userId: number; expiresAt: Date; ip?: string | null; userAgent?: string | null },
) {
  return db.insert(sessions).values({
    id: s.id,
    userId: s.userId,
    expiresAt: s.expiresAt,
    ip: s.ip ?? null,
    userAgent: s.userAgent?.slice(0, 300) ?? null,
  });
}

export function deleteSession(db: DbOrTx, id: string) {
  return db.delete(sessions).where(eq(sessions.id, id));
}

export function deleteExpiredSessions(db: DbOrTx, now: Date, userId?: number) {
  return db
    .delete(sessions)
    .where(
      userId
        ? and(eq(sessions.userId, userId), lt(sessions.expiresAt, now))
        : lt(sessions.expiresAt, now),
    );
}

export function markSignedIn(db: DbOrTx, userId: number, at: Date) {
  return db.update(users).set({ lastSignInAt: at }).where(eq(users.id, userId));
}

export function insertUser(db: DbOrTx, values: NewUser) {
  return db
    .insert(users)
    .values(values)
    .returning()
    .then((r) => r[0]!);
}

export function insertTechnician(db: DbOrTx, values: typeof technicians.$inferInsert) {
  return db
    .insert(technicians)
    .values(values)
    .returning({ id: technicians.id })
    .then((r) => r[0]!);
}

export function setEmailVerifiedAt(db: DbOrTx, userId: number, at: Date) {
  return db.update(users).set({ emailVerifiedAt: at }).where(eq(users.id, userId));
}

export function findEmailVerifiedAt(db: DbOrTx, userId: number) {
  return db
    .select({ emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .then((r) => r[0]);
}
