import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_SERVICE_RADIUS_MILES, findLocation, LOCATIONS } from '@shared/constants/locations';
import { specialtyToServiceType } from '@shared/constants/service-types';
import type { CurrentUser, RegisterInput } from '@shared/schemas/auth';
import { AppError } from '../../infra/app-error';
import { hashPassword, verifyPassword } from '../../infra/password';
import { tooManyAttempts } from '../../infra/rate-limiter';
import { hashToken, newToken, SESSION_TTL_MS, type SessionUser } from '../../infra/session';
import { claimGuestRecords } from '../../domain/customers';
import { isUniqueViolation } from '../../infra/db-errors';
import {
  createAccountMail,
  RESET_PASSWORD_TTL_MS,
  VERIFY_EMAIL_TTL_MS,
} from '../../domain/account-mail';
import { createSignInThrottle } from '../../domain/sign-in-throttle';
import type { Tx } from '../../db/client';
import * as q from './auth.queries';
import { matchesProof, registrationProof } from './registration-proof';

export const DEMO_USERNAMES = {
  admin: 'admin',
  technician: 'technician',
  customer: 'customer',
} as const;

const WINDOW_MS = 15 * 60 * 1000;
export const VERIFY_EMAIL_INVALID = 'This confirmation link is invalid or has expired';
export const SUSPENDED_SIGN_IN_MESSAGE = 'This account is suspended. Please contact support.';

export function createAuthService(app: FastifyInstance) {
  const limit = app.rateLimits.limiter;
  // Sign-ins per account from unknown devices (whether its username or its e-mail was typed;
  // per typed text when no account has it) and per known device (domain/sign-in-throttle), and
  // all sign-ins per IP; counted in the store every instance shares (ADR 022, ADR 027).
  const throttle = createSignInThrottle(app);
  const byIp = limit('signin:ip', 50, WINDOW_MS);
  // Registrations per IP (each hashes a password with 19 MiB), verification e-mails per user.
  const registrations = limit(
    'registrations:ip',
    app.config.limits.registrationsPerHour,
    60 * 60 * 1000,
  );
  const resends = limit('verification-resends:user', 5, 60 * 60 * 1000);
  // 'You already have an account' e-mails per address, so nobody floods a mailbox with them.
  const existingAccountMails = limit('account-exists:email', 3, 60 * 60 * 1000);
  const mail = createAccountMail(app);
  // A real hash to verify against when the user does not exist, so timing does not tell.
  const dummyHash = hashPassword('not-a-real-password-wrenchly');

  const limited = (retryAfter: number) => tooManyAttempts('Too many sign-in attempts', retryAfter);
  const usernameTaken = () => new AppError(409, 'That username is already taken');

  type Owner = { id: number; email: string; firstName: string; username: string | null };
  /** The owner of an address someone registered with again is told, a few times an hour. */
  async function tellOwner(owner: Owner) {
    if ((await existingAccountMails.consume(String(owner.id))) > 0) return;
    await app.db.transaction(async (tx) => {
      const token = await mail.issueToken(tx, owner.id, 'reset_password', RESET_PASSWORD_TTL_MS);
      await mail.accountExists(tx, owner.email, owner.firstName, owner.username, token);
    });
  }

  async function createAccount(
    tx: Tx,
    input: RegisterInput & { accountType: 'technician' | 'customer' },
    passwordHash: string,
  ) {
    const role = input.accountType;
    const { firstName, lastName } = splitName(input.firstName, input.lastName, input.username);
    // Always a new account: a guest record with the same address (from an earlier service
    // request) is only claimed once the address is proven (verifyEmail).
    const user = (await q.insertUser(tx, {
      username: input.username,
      email: input.email,
      passwordHash,
      role,
      status: role === 'technician' ? 'pending' : 'approved',
      firstName,
      lastName,
      phone: input.phone || null,
      isGuest: false,
    }))!;
    if (role === 'technician') {
      const loc = (input.location && findLocation(input.location)) || LOCATIONS[3];
      const specialties = [
        ...new Set(
          (input.specialties ?? '')
            .split(',')
            .map((s) => specialtyToServiceType(s.trim()))
            .filter((s): s is NonNullable<typeof s> => s !== null),
        ),
      ];
      await q.insertTechnician(tx, {
        userId: user.id,
        location: loc.name,
        zipCode: loc.zip,
        latitude: loc.latitude,
        longitude: loc.longitude,
        serviceRadiusMiles: DEFAULT_SERVICE_RADIUS_MILES,
        yearsExperience: parseYears(input.experience),
        hourlyRateCents: 0,
        specialties,
        isAvailable: false,
      });
    }
    const token = await mail.issueToken(tx, user.id, 'verify_email', VERIFY_EMAIL_TTL_MS);
    await mail.verifyEmail(tx, user.email, user.firstName, token);
    return { userId: user.id, token };
  }

  return {
    /**
     * Checks the password; returns the user and a device cookie for the browser (a new one, or
     * the one it presented for this account).
     */
    async signIn(
      input: { username: string; password: string },
      ip: string,
      deviceCookie: string | undefined,
    ) {
      // Count first, each limit checked and counted in one atomic step in the shared store:
      // of N concurrent attempts on any instances at most the limit reach the password check.
      const ipWait = await byIp.consume(ip);
      if (ipWait > 0) throw limited(ipWait);
      // The account the text names, so its username and its e-mail share one counter.
      const user = await q.findUserByLogin(app.db, input.username);
      const subject = user ? { userId: user.id } : { login: input.username };
      // The owner's own browser is counted apart: failures from elsewhere never lock it.
      const device = user ? throttle.knownDevice(deviceCookie, user) : null;
      const userWait = await throttle.admit(subject, device);
      if (userWait > 0) {
        // Refused for the account: not an attempt against the network's limit either.
        await byIp.refund(ip);
        throw limited(userWait);
      }

      const ok = user?.passwordHash
        ? await verifyPassword(user.passwordHash, input.password)
        : (await verifyPassword(await dummyHash, input.password), false);
      if (!user || !ok) throw new AppError(401, 'Invalid username or password');
      // A successful sign-in clears the failures of the account, and does not count against
      // its network (an office behind one address signs many people in; failures still count).
      await throttle.succeeded(subject, device);
      await byIp.refund(ip);
      if (user.status === 'rejected') {
        throw new AppError(403, 'This account was not approved. Please contact support.');
      }
      if (user.status === 'suspended') {
        throw new AppError(403, SUSPENDED_SIGN_IN_MESSAGE);
      }
      await q.markSignedIn(app.db, user.id, app.clock());
      const technicianId = await q.findTechnicianIdByUser(app.db, user.id);
      return {
        user: toCurrentUser({ ...user, technicianId }),
        deviceCookie: device ? deviceCookie! : throttle.deviceToken(user),
      };
    },

    /** A new session for the user: returns the cookie token (only its hash is stored). */
    async createSession(userId: number, meta: { ip?: string; userAgent?: string }) {
      const token = newToken();
      const expiresAt = new Date(app.clock().getTime() + SESSION_TTL_MS);
      await q.insertSession(app.db, { id: hashToken(token), userId, expiresAt, ...meta });
      await q.deleteExpiredSessions(app.db, app.clock(), userId);
      return { token, expiresAt };
    },

    endSession: (sessionId: string) => q.deleteSession(app.db, sessionId),

    /** The demo account of the role (demo mode only; the caller checks), if it exists. */
    async demoUser(role: keyof typeof DEMO_USERNAMES) {
      const demo = await q.findUserByLogin(app.db, DEMO_USERNAMES[role]);
      if (!demo || demo.role !== role) return undefined;
      return toCurrentUser({
        ...demo,
        technicianId: await q.findTechnicianIdByUser(app.db, demo.id),
      });
    },

    /**
     * A new account, or, for an e-mail address that already has one, nothing but an e-mail to
     * that address: the answer is the same either way, so registration does not tell anyone
     * which addresses have accounts. A taken username is said (usernames are public).
     */
    async register(
      input: RegisterInput & { accountType: 'technician' | 'customer' },
      ip: string,
    ): Promise<{ proof: string; signInUserId: number | null }> {
      // Per IP, counted before the (deliberately expensive) password hash, which both answers
      // pay so that their timing tells nothing either.
      const wait = await registrations.consume(ip);
      if (wait > 0) throw tooManyAttempts('Too many accounts were created from this network', wait);
      const passwordHash = await hashPassword(input.password);
      let existing: Owner | undefined;
      let created: { userId: number; token: string } | undefined;
      try {
        existing = await app.db.transaction(async (tx) => {
          if (await q.usernameTaken(tx, input.username)) throw usernameTaken();
          const owner = await q.findAccountByEmail(tx, input.email);
          if (!owner) created = await createAccount(tx, input, passwordHash);
          return owner;
        });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        // A concurrent registration took the username or the address first.
        if (await q.usernameTaken(app.db, input.username)) throw usernameTaken();
        existing = await q.findAccountByEmail(app.db, input.email);
        if (!existing) throw err;
      }
      if (existing) await tellOwner(existing);
      // The same kind of proof either way. The account made is signed in at once (the route
      // makes the session); an address that already had one signs no one in, which is the one
      // thing that tells the two apart (docs/decisions/034).
      return {
        proof: registrationProof(
          app.config.sessionSecret,
          created ? hashToken(created.token) : randomBytes(32).toString('base64url'),
        ),
        signInUserId: created?.userId ?? null,
      };
    },

    /**
     * Consumes an e-mailed verification link: the address is proven, guest records join. With
     * the registering browser's proof, the account to sign in (the route makes the session).
     */
    async verifyEmail(token: string, proof?: string) {
      return app.db.transaction(async (tx) => {
        const row = await q.findUserToken(tx, hashToken(token), ['verify_email'], true);
        if (!row || row.usedAt || row.expiresAt.getTime() <= app.clock().getTime())
          throw new AppError(400, VERIFY_EMAIL_INVALID);
        await q.useUserTokens(tx, row.userId, ['verify_email'], app.clock());
        await q.setEmailVerifiedAt(tx, row.userId, row.emailVerifiedAt ?? app.clock());
        const claimedRequests = await claimGuestRecords(tx, { id: row.userId, email: row.email });
        const signInUserId =
          matchesProof(app.config.sessionSecret, hashToken(token), proof) &&
          row.status !== 'rejected' &&
          row.status !== 'suspended'
            ? row.userId
            : null;
        return {
          signInUserId,
          message:
            claimedRequests > 0
              ? `Your e-mail address is confirmed. ${claimedRequests} earlier service request${claimedRequests === 1 ? ' was' : 's were'} added to your account.`
              : 'Your e-mail address is confirmed.',
          claimedRequests,
        };
      });
    },

    /** A fresh verification link for the signed-in user. */
    async resendVerification(user: SessionUser) {
      const wait = await resends.consume(String(user.id));
      if (wait > 0) throw tooManyAttempts('Too many confirmation e-mails', wait);
      const row = await q.findEmailVerifiedAt(app.db, user.id);
      if (row?.emailVerifiedAt) throw new AppError(409, 'Your e-mail address is already confirmed');
      await app.db.transaction(async (tx) => {
        const token = await mail.issueToken(tx, user.id, 'verify_email', VERIFY_EMAIL_TTL_MS);
        await mail.verifyEmail(tx, user.email, user.firstName, token);
      });
      return { message: `We sent a confirmation link to ${user.email}.` };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

export function toCurrentUser(
  u: Omit<SessionUser, 'sessionId'> | (Omit<SessionUser, 'sessionId'> & Record<string, unknown>),
): CurrentUser {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    role: u.role,
    status: u.status,
    firstName: u.firstName,
    lastName: u.lastName,
    phone: u.phone,
    technicianId: u.technicianId,
  };
}

function splitName(first: string | undefined, last: string | undefined, username: string) {
  if (first || last) return { firstName: first ?? '', lastName: last ?? '' };
  // Usernames like 'marcus.johnson' give a readable default name.
  const parts = username.split(/[._-]+/).filter(Boolean);
  const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  return { firstName: cap(parts[0] ?? username), lastName: cap(parts.slice(1).join(' ')) };
}

function parseYears(text: string | undefined): number {
  const n = Number.parseInt((text ?? '').match(/\d+/)?.[0] ?? '0', 10);
  return Number.isFinite(n) ? Math.min(n, 80) : 0;
}
