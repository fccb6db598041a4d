import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

/** The new password hash; the address counts as proven from `emailVerifiedAt` on. */
export function setPassword(
  db: DbOrTx,
  userId: number,
  passwordHash: string,
  emailVerifiedAt: Date,
) {
  return db.update(users).set({ passwordHash, emailVerifiedAt }).where(eq(users.id, userId));
}
