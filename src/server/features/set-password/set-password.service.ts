import type { FastifyInstance } from 'fastify';
import { SET_PASSWORD_INVALID } from '../../../shared/schemas/set-password';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/password';
import { hashToken } from '../../plugins/access';
import * as q from './set-password.queries';

/** The single-use, 7-day link e-mailed when an application is approved. */
export function createSetPasswordService(app: FastifyInstance) {
  const usable = (row: Awaited<ReturnType<typeof q.setPasswordToken>>) => {
    if (!row || row.usedAt || row.expiresAt.getTime() <= app.clock().getTime())
      throw new AppError(400, SET_PASSWORD_INVALID);
    return row;
  };

  return {
    async check(token: string) {
      const row = usable(await q.setPasswordToken(app.db, hashToken(token)));
      return { valid: true as const, email: row.email, username: row.username };
    },

    async set(token: string, password: string) {
      const passwordHash = await hashPassword(password);
      return app.db.transaction(async (tx) => {
        const row = usable(await q.setPasswordToken(tx, hashToken(token), true));
        await q.setPasswordHash(tx, row.userId, passwordHash);
        await q.useSetPasswordTokens(tx, row.userId, app.clock());
        return { message: 'Your password is set. You can sign in now.', username: row.username };
      });
    },
  };
}
