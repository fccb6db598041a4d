import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users, userTokens } from '../../db/schema';

export function setPasswordToken(db: DbOrTx, tokenHash: string, lock = false) {
  const query = db
    .select({
      id: userTokens.id,
      userId: userTokens.userId,
      expiresAt: userTokens.expiresAt,
      usedAt: userTokens.usedAt,
      email: users.email,
      username: users.username,
    })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .where(and(eq(userTokens.tokenHash, tokenHash), eq(userTokens.purpose, 'set_password')))
    .limit(1);
  return (lock ? query.for('update', { of: userTokens }) : query).then((r) => r[0]);
}

export function setPasswordHash(db: DbOrTx, userId: number, passwordHash: string) {
  return db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Uses up every open set-password link of the user (the one used and any older ones). */
export function useSetPasswordTokens(db: DbOrTx, userId: number, now: Date) {
  return db
    .update(userTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(userTokens.userId, userId),
        eq(userTokens.purpose, 'set_password'),
        isNull(userTokens.usedAt),
      ),
    );
}
