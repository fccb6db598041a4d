import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  DEFAULT_SERVICE_RADIUS_MILES,
  findLocation,
  LOCATIONS,
} from '../../../shared/constants/locations';
import { specialtyToServiceType } from '../../../shared/constants/service-types';
import type { CurrentUser, RegisterInput } from '../../../shared/schemas/auth';
import { technicians, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/password';
import { RateLimiter } from '../../lib/rate-limiter';
import { hashToken, newToken, SESSION_TTL_MS, type SessionUser } from '../../plugins/access';
import * as q from './auth.queries';

export const DEMO_USERNAMES = {
  admin: 'admin',
  technician: 'technician',
  customer: 'customer',
} as const;

const WINDOW_MS = 15 * 60 * 1000;

export function createAuthService(app: FastifyInstance) {
  const now = () => app.clock().getTime();
  // Failed sign-ins per username, and all sign-ins per IP.
  const byUsername = new RateLimiter(10, WINDOW_MS, now);
  const byIp = new RateLimiter(50, WINDOW_MS, now);
  // A real hash to verify against when the user does not exist, so timing does not tell.
  const dummyHash = hashPassword('not-a-real-password-wrenchly');

  function limited(retryAfter: number): AppError {
    const minutes = Math.max(1, Math.ceil(retryAfter / 60));
    return new AppError(
      429,
      `Too many sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  }

  return {
    async signIn(input: { username: string; password: string }, ip: string) {
      const userKey = input.username.trim().toLowerCase();
      const wait = Math.max(byIp.retryAfter(ip), byUsername.retryAfter(userKey));
      if (wait > 0) throw limited(wait);
      byIp.hit(ip);

      const user = await q.findUserByLogin(app.db, input.username);
      const ok = user?.passwordHash
        ? await verifyPassword(user.passwordHash, input.password)
        : (await verifyPassword(await dummyHash, input.password), false);
      if (!user || !ok) {
        byUsername.hit(userKey);
        throw new AppError(401, 'Invalid username or password');
      }
      if (user.status === 'rejected') {
        throw new AppError(403, 'This account was not approved. Please contact support.');
      }
      byUsername.reset(userKey);
      await app.db.update(users).set({ lastSignInAt: app.clock() }).where(eq(users.id, user.id));
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

    async register(input: RegisterInput & { accountType: 'technician' | 'customer' }) {
      const passwordHash = await hashPassword(input.password);
      return app.db.transaction(async (tx) => {
        if (await q.usernameTaken(tx, input.username)) {
          throw new AppError(409, 'That username is already taken');
        }
        const existing = await q.findUserByEmail(tx, input.email);
        if (existing && !existing.isGuest) {
          throw new AppError(409, 'An account with this email already exists');
        }
        const role = input.accountType;
        const { firstName, lastName } = splitName(input.firstName, input.lastName, input.username);
        const values = {
          username: input.username,
          email: input.email,
          passwordHash,
          role,
          status: role === 'technician' ? ('pending' as const) : ('approved' as const),
          firstName,
          lastName,
          phone: input.phone || null,
          isGuest: false,
        };
        // A guest customer (from an earlier service request) claims its record.
        const [user] = existing
          ? await tx.update(users).set(values).where(eq(users.id, existing.id)).returning()
          : await tx.insert(users).values(values).returning();
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
          const [tech] = await tx
            .insert(technicians)
            .values({
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
            })
            .returning({ id: technicians.id });
          technicianId = tech!.id;
        }
        return toCurrentUser({ ...user!, technicianId });
      });
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
