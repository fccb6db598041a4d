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
import { createAccountMail, VERIFY_EMAIL_TTL_MS } from '../../domain/account-mail';
import * as q from './auth.queries';

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
  // Failed sign-ins per account (whether its username or its e-mail was typed; per typed
  // text when no account has it), and all sign-ins per IP; counted in the store every
  // instance shares, so N instances still allow 10 guesses per account (ADR 022, ADR 027).
  const byAccount = limit('signin:account', 10, WINDOW_MS);
  const byIp = limit('signin:ip', 50, WINDOW_MS);
  // Registrations per IP (each hashes a password with 19 MiB), verification e-mails per user.
  const registrations = limit(
    'registrations:ip',
    app.config.limits.registrationsPerHour,
    60 * 60 * 1000,
  );
  const resends = limit('verification-resends:user', 5, 60 * 60 * 1000);
  const mail = createAccountMail(app);
  // A real hash to verify against when the user does not exist, so timing does not tell.
  const dummyHash = hashPassword('not-a-real-password-wrenchly');

  const limited = (retryAfter: number) => tooManyAttempts('Too many sign-in attempts', retryAfter);

  return {
    async signIn(input: { username: string; password: string }, ip: string) {
      // Count first, each limit checked and counted in one atomic step in the shared store:
      // of N concurrent attempts on any instances at most the limit reach the password check.
      const ipWait = await byIp.consume(ip);
      if (ipWait > 0) throw limited(ipWait);
      // The account the text names, so its username and its e-mail share one counter.
      const user = await q.findUserByLogin(app.db, input.username);
      const userKey = user ? `id:${user.id}` : `login:${input.username.trim().toLowerCase()}`;
      const userWait = await byAccount.consume(userKey);
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
      await byAccount.reset(userKey);
      await byIp.refund(ip);
      if (user.status === 'rejected') {
        throw new AppError(403, 'This account was not approved. Please contact support.');
      }
      if (user.status === 'suspended') {
        throw new AppError(403, SUSPENDED_SIGN_IN_MESSAGE);
      }
      await q.markSignedIn(app.db, user.id, app.clock());
      const technicianId = await q.findTechnicianIdByUser(app.db, user.id);
      return toCurrentUser({ ...user, technicianId });
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

    async register(input: RegisterInput & { accountType: 'technician' | 'customer' }, ip: string) {
      // Per IP, counted before the (deliberately expensive) password hash.
      const wait = await registrations.consume(ip);
      if (wait > 0) throw tooManyAttempts('Too many accounts were created from this network', wait);
      const passwordHash = await hashPassword(input.password);
      let created: { user: CurrentUser };
      try {
        created = await app.db.transaction(async (tx) => {
          if (await q.usernameTaken(tx, input.username)) {
            throw new AppError(409, 'That username is already taken');
          }
          if (await q.findAccountByEmail(tx, input.email)) {
            throw new AppError(409, 'An account with this email already exists');
          }
          const role = input.accountType;
          const { firstName, lastName } = splitName(
            input.firstName,
            input.lastName,
            input.username,
          );
          // Always a new account: a guest record with the same address (from an earlier
          // service request) is only claimed once the address is proven (verifyEmail).
          const user = await q.insertUser(tx, {
            username: input.username,
            email: input.email,
            passwordHash,
            role,
            status: role === 'technician' ? 'pending' : 'approved',
            firstName,
            lastName,
            phone: input.phone || null,
            isGuest: false,
          });
          let technicianId: number | null = null;
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
            const tech = await q.insertTechnician(tx, {
              userId: user!.id,
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
            technicianId = tech!.id;
          }
          const token = await mail.issueToken(tx, user!.id, 'verify_email', VERIFY_EMAIL_TTL_MS);
          await mail.verifyEmail(tx, user!.email, user!.firstName, token);
          return { user: toCurrentUser({ ...user!, technicianId }) };
        });
      } catch (err) {
        // A concurrent registration took the username or address first.
        if (isUniqueViolation(err))
          throw new AppError(409, 'That username or email is already registered');
        throw err;
      }
      return created.user;
    },

    /** Consumes an e-mailed verification link: the address is proven, guest records join. */
    async verifyEmail(token: string) {
      return app.db.transaction(async (tx) => {
        const row = await q.findUserToken(tx, hashToken(token), ['verify_email'], true);
        if (!row || row.usedAt || row.expiresAt.getTime() <= app.clock().getTime())
          throw new AppError(400, VERIFY_EMAIL_INVALID);
        await q.useUserTokens(tx, row.userId, ['verify_email'], app.clock());
        await q.setEmailVerifiedAt(tx, row.userId, row.emailVerifiedAt ?? app.clock());
        const claimedRequests = await claimGuestRecords(tx, { id: row.userId, email: row.email });
        return {
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
