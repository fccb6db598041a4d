import { and, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { users } from '../db/schema';

/** An account or guest record already using the username or the e-mail (case-insensitive). */
export function accountUsingNameOrEmail(db: DbOrTx, username: string, email: string) {
  return db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      and(
        // A guest record (an anonymous requester's e-mail) is not an account.
        eq(users.isGuest, false),
        or(
          eq(sql`lower(${users.username})`, username.toLowerCase()),
          eq(sql`lower(${users.email})`, email.toLowerCase()),
        ),
      ),
    )
    .limit(1)
    .then((r) => r[0]);
}

export function insertAdmin(
  db: DbOrTx,
  a: { username: string; email: string; passwordHash: string; firstName: string; lastName: string },
) {
  return db
    .insert(users)
    .values({
      ...a,
      role: 'admin',
      status: 'approved',
      // The operator who runs admin:create vouches for the address.
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id, username: users.username, email: users.email })
    .then((r) => r[0]);
}
