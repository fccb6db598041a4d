import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions, technicians, users, userTokens } from '../../db/schema';
import type { UserTokenPurpose } from '../../db/schema/identity';

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

/** The account (never a guest record) with the e-mail address. */
export function findAccountByEmail(db: DbOrTx, email: string) {
  return db
    .select()
    .from(users)
    .where(and(eq(users.isGuest, false), eq(sql`lower(${users.email})`, email.trim().toLowerCase())))
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

/** Ends every session of the user (password reset, suspension, rejection). */
export function deleteUserSessions(db: DbOrTx, userId: number) {
  return db.delete(sessions).where(eq(sessions.userId, userId));
}

export function insertUserToken(
  db: DbOrTx,
  t: { userId: number; purpose: UserTokenPurpose; tokenHash: string; expiresAt: Date },
) {
  return db.insert(userTokens).values(t);
}

/** The token row (with its user) for a hash and one of the purposes, optionally locked. */
export function findUserToken(
  db: DbOrTx,
  tokenHash: string,
  purposes: UserTokenPurpose[],
  lock = false,
) {
  const query = db
    .select({
      id: userTokens.id,
      userId: userTokens.userId,
      purpose: userTokens.purpose,
      expiresAt: userTokens.expiresAt,
      usedAt: userTokens.usedAt,
      email: users.email,
      username: users.username,
      status: users.status,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .where(and(eq(userTokens.tokenHash, tokenHash), inArray(userTokens.purpose, purposes)))
    .limit(1);
  return (lock ? query.for('update', { of: userTokens }) : query).then((r) => r[0]);
}

/** Uses up every open link of these purposes of the user (the one used and any older ones). */
export function useUserTokens(
  db: DbOrTx,
  userId: number,
  purposes: UserTokenPurpose[],
  now: Date,
) {
  return db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.userId, userId),
        inArray(userTokens.purpose, purposes),
        isNull(userTokens.usedAt),
      ),
    );
}
