import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { apiTokens, technicians, users } from '../db/schema';

/** The token with the hash, with its technician's account (role and status). */
export function apiTokenByHash(db: DbOrTx, tokenHash: string) {
  return db
    .select({
      id: apiTokens.id,
      technicianId: apiTokens.technicianId,
      revokedAt: apiTokens.revokedAt,
      lastUsedAt: apiTokens.lastUsedAt,
      userId: users.id,
      role: users.role,
      status: users.status,
    })
    .from(apiTokens)
    .innerJoin(technicians, eq(technicians.id, apiTokens.technicianId))
    .innerJoin(users, eq(users.id, technicians.userId))
    .where(eq(apiTokens.tokenHash, tokenHash))
    .limit(1)
    .then((r) => r[0]);
}

/** Records a use of the token, unless one at or after `due` is recorded already. */
export function touchApiToken(db: DbOrTx, tokenId: number, now: Date, due: Date) {
  return db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiTokens.id, tokenId),
        or(isNull(apiTokens.lastUsedAt), lte(apiTokens.lastUsedAt, due)),
      ),
    );
}
