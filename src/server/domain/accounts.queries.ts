import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { sessions, users, userTokens } from '../db/schema';
import type { UserTokenPurpose } from '../db/schema/identity';

/** Account queries shared by the auth, set-password and admin features (re-exported by accounts.ts). */

/** The account (never a guest record) with the e-mail address. */
export function findAccountByEmail(db: DbOrTx, email: string) {
  return db
    .select()
    .from(users)
    .where(
      and(eq(users.isGuest, false), eq(sql`lower(${users.email})`, email.trim().toLowerCase())),
    )
    .limit(1)
    .then((r) => r[0]);
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
export function useUserTokens(db: DbOrTx, userId: number, purposes: UserTokenPurpose[], now: Date) {
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
