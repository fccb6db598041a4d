import type { FastifyInstance } from 'fastify';
import { FORGOT_PASSWORD_MESSAGE } from '@shared/schemas/auth';
import { SET_PASSWORD_INVALID } from '@shared/schemas/set-password';
import { AppError } from '../../infra/app-error';
import { claimGuestRecords } from '../../domain/customers';
import { hashPassword } from '../../infra/password';
import { passwordProblem } from '@shared/passwords';
import { hashToken } from '../../infra/session';
import { createAccountMail, RESET_PASSWORD_TTL_MS } from '../../domain/account-mail';
import * as authQ from '../../domain/accounts';
import { createSignInThrottle } from '../../domain/sign-in-throttle';
import { setPassword } from './set-password.queries';

const PASSWORD_LINKS = ['set_password', 'reset_password'] as const;

/**
 * Password links: the single-use, 7-day link e-mailed when an application is approved, and
 * the single-use, 1-hour link of 'Forgot password?'. Both are stored hashed; using one sets
 * the password, ends every session of the user and proves the e-mail address.
 */
export function createSetPasswordService(app: FastifyInstance) {
  const mail = createAccountMail(app);
  const throttle = createSignInThrottle(app);
  // Reset e-mails per address, so nobody floods a mailbox (the answer stays the same).
  const resetsByEmail = app.rateLimits.limiter('password-resets:email', 3, 60 * 60 * 1000);
  const inFlight = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...inFlight]);
  });

  const usable = (row: Awaited<ReturnType<typeof authQ.findUserToken>>) => {
    if (!row || row.usedAt || row.expiresAt.getTime() <= app.clock().getTime())
      throw new AppError(400, SET_PASSWORD_INVALID);
    return row;
  };

  async function sendReset(email: string) {
    const user = await authQ.findAccountByEmail(app.db, email);
    if (!user || user.status === 'rejected') return;
    await app.db.transaction(async (tx) => {
      const token = await mail.issueToken(tx, user.id, 'reset_password', RESET_PASSWORD_TTL_MS);
      await mail.resetPassword(tx, user.email, user.firstName, user.username, token);
    });
  }

  return {
    async check(token: string) {
      const row = usable(await authQ.findUserToken(app.db, hashToken(token), [...PASSWORD_LINKS]));
      return {
        valid: true as const,
        purpose: row.purpose === 'reset_password' ? ('reset' as const) : ('set' as const),
        email: row.email,
        username: row.username,
      };
    },

    async set(token: string, password: string) {
      const passwordHash = await hashPassword(password);
      const now = app.clock();
      const done = await app.db.transaction(async (tx) => {
        const row = usable(
          await authQ.findUserToken(tx, hashToken(token), [...PASSWORD_LINKS], true),
        );
        const problem = passwordProblem(password, row);
        if (problem) throw new AppError(400, problem);
        await setPassword(tx, row.userId, passwordHash, row.emailVerifiedAt ?? now);
        await authQ.useUserTokens(tx, row.userId, [...PASSWORD_LINKS], now);
        // Whoever knew the old password is signed out everywhere.
        await authQ.deleteUserSessions(tx, row.userId);
        // The link reached the mailbox: the address is proven.
        await claimGuestRecords(tx, { id: row.userId, email: row.email });
        return {
          userId: row.userId,
          message:
            row.purpose === 'reset_password'
              ? 'Your new password is set. You can sign in now.'
              : 'Your password is set. You can sign in now.',
          username: row.username,
        };
      });
      // Whoever guessed at the old password locked nothing the owner now has to wait out.
      await throttle.clearAccount(done.userId);
      return { message: done.message, username: done.username };
    },

    /**
     * 'Forgot password?': the same answer whether or not the address has an account; the
     * lookup and the e-mail happen after the answer, so its timing tells nothing either.
     */
    async forgot(email: string) {
      if ((await resetsByEmail.consume(email.toLowerCase())) === 0) {
        const job = sendReset(email)
          .catch((err) => app.log.error({ err }, 'password reset e-mail failed'))
          .finally(() => inFlight.delete(job));
        inFlight.add(job);
      }
      return { message: FORGOT_PASSWORD_MESSAGE };
    },
  };
}
