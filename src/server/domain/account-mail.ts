import type { FastifyInstance } from 'fastify';
import { BRAND } from '@shared/brand';
import { PATHS } from '@shared/paths';
import type { AppConfig } from '../config';
import type { DbOrTx } from '../db/client';
import type { UserTokenPurpose } from '../db/schema/identity';
import { hashToken, newToken } from '../infra/session';
import { insertUserToken } from './accounts';
import { composeMail, type MailMessage } from '../infra/mailer';
import { publicBaseUrl } from '../infra/public-url';

export const VERIFY_EMAIL_TTL_MS = 48 * 60 * 60 * 1000;
export const RESET_PASSWORD_TTL_MS = 60 * 60 * 1000;

/**
 * The e-mails about an account: links (single use, only their SHA-256 stored) carry the token
 * in the page URL's fragment, which browsers never send to the server, so it stays out of
 * request logs; the page posts it in a request body.
 */
/** An e-mailed link to a page, its single-use token after '#' (never sent to a server). */
export const tokenLink = (config: AppConfig, page: string, token: string) =>
  `${publicBaseUrl(config)}${page}#token=${encodeURIComponent(token)}`;

export function createAccountMail(app: FastifyInstance) {
  const link = (page: string, token: string) => tokenLink(app.config, page, token);

  /** A new single-use link token for the user, stored hashed; returns the token itself. */
  async function issueToken(db: DbOrTx, userId: number, purpose: UserTokenPurpose, ttlMs: number) {
    const token = newToken();
    await insertUserToken(db, {
      userId,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(app.clock().getTime() + ttlMs),
    });
    return token;
  }

  /** Queued in `db`'s transaction (the change the e-mail tells of); the outbox sends it. */
  const send = (db: DbOrTx, message: MailMessage) => app.outbox.enqueue(db, message);

  const hi = (name: string | null | undefined) => (name ? `Hi ${name},` : 'Hi,');

  return {
    issueToken,
    send,
    verifyEmail: (db: DbOrTx, to: string, firstName: string, token: string) =>
      send(db, {
        to,
        template: 'verify_email',
        subject: `Confirm your ${BRAND.name} e-mail address`,
        ...composeMail([
          hi(firstName),
          `Please confirm that this is your e-mail address by opening this link (it works once, for 48 hours):\n${link(PATHS.verifyEmail, token)}`,
          'Service requests made with this address before you had an account are added to your account once you confirm it.',
          `If you did not create a ${BRAND.name} account, ignore this message.`,
        ]),
      }),
    resetPassword: (
      db: DbOrTx,
      to: string,
      firstName: string,
      username: string | null,
      token: string,
    ) =>
      send(db, {
        to,
        template: 'reset_password',
        subject: `Reset your ${BRAND.name} password`,
        ...composeMail([
          hi(firstName),
          `Someone (hopefully you) asked to reset the password of your ${BRAND.name} account${username ? ` (username ${username})` : ''}.`,
          `Choose a new password here (the link works once, for 1 hour):\n${link(PATHS.setPassword, token)}`,
          'Setting a new password signs you out everywhere. If you did not ask for this, ignore this message: your password stays as it is.',
        ]),
      }),
    /**
     * Someone registered with an address that has an account: the answer to them was the same
     * as for a new address (no one learns which addresses have accounts); the owner is told.
     */
    accountExists: (
      db: DbOrTx,
      to: string,
      firstName: string,
      username: string | null,
      resetToken: string,
    ) =>
      send(db, {
        to,
        template: 'account_exists',
        subject: `You already have a ${BRAND.name} account`,
        ...composeMail([
          hi(firstName),
          `Someone (hopefully you) tried to create a ${BRAND.name} account with this e-mail address, which already has one${username ? ` (username ${username})` : ''}. No new account was created.`,
          `Sign in at ${publicBaseUrl(app.config)}.`,
          `Forgot your password? Choose a new one here (the link works once, for 1 hour):\n${link(PATHS.setPassword, resetToken)}`,
          'If this was not you, ignore this message: nothing about your account has changed.',
        ]),
      }),
    registrationApproved: (db: DbOrTx, to: string, firstName: string) =>
      send(db, {
        to,
        template: 'registration_approved',
        subject: `Your ${BRAND.name} account is approved`,
        ...composeMail([
          hi(firstName),
          `Good news: our admin team approved your ${BRAND.name} account.`,
          `Sign in at ${publicBaseUrl(app.config)} to complete your profile and start receiving job notifications.`,
        ]),
      }),
    registrationRejected: (db: DbOrTx, to: string, firstName: string, reason: string | undefined) =>
      send(db, {
        to,
        template: 'registration_rejected',
        subject: `Your ${BRAND.name} registration`,
        ...composeMail([
          hi(firstName),
          `Thank you for your interest in ${BRAND.name}. After reviewing your registration, we are unable to approve it at this time.`,
          ...(reason ? [`Reason: ${reason}`] : []),
          `If you have questions, or your situation changes, write to ${BRAND.supportEmail}.`,
        ]),
      }),
  };
}

export type AccountMail = ReturnType<typeof createAccountMail>;
