import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sessions, technicians, users } from '../db/schema';
import { AppError } from '../lib/app-error';
import { hashToken, SESSION_COOKIE, SESSION_TTL_MS, type SessionUser } from '../lib/session';

/**
 * Who may call a route. Every /api route declares one in `config.access`; registering a
 * route without it fails at boot, so nothing is reachable by accident.
 */
export const ACCESS_LEVELS = [
  'public',
  'signed-in',
  'customer',
  'technician',
  'approved-technician',
  'admin',
] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access, for the authorization matrix test. */
    apiRoutes: { method: string; url: string; access: Access }[];
  }
}

// The OpenAPI document and its UI are public by nature.
const PUBLIC_PREFIXES = ['/api/docs'];

// Sliding expiry is written at most this often per session, to keep reads cheap.
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export const PENDING_MESSAGE = 'Account pending approval';

/** Throws unless the request's user satisfies the access level. */
export function assertAccess(user: SessionUser | null, access: Access): void {
  if (access === 'public') return;
  if (!user) throw new AppError(401, 'Authentication required');
  switch (access) {
    case 'signed-in':
      return;
    case 'admin':
      if (user.role !== 'admin') throw new AppError(403, 'Admin access required');
      return;
    case 'customer':
      if (user.role !== 'customer' && user.role !== 'admin')
        throw new AppError(403, 'Customer account required');
      return;
    case 'technician':
    case 'approved-technician':
      if (user.role === 'admin') return;
      if (user.role !== 'technician' || user.technicianId == null)
        throw new AppError(403, 'Technician account required');
      if (access === 'approved-technician' && user.status !== 'approved')
        throw new AppError(
          403,
          user.status === 'suspended' ? 'Account suspended' : PENDING_MESSAGE,
        );
      return;
  }
}

export const accessPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorate('apiRoutes', []);

  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (!url.startsWith('/api')) return;
    if (PUBLIC_PREFIXES.some((p) => url.startsWith(p))) {
      route.config = { ...route.config, access: 'public' };
      return;
    }
    const access = route.config?.access;
    if (!access || !ACCESS_LEVELS.includes(access)) {
      throw new Error(
        `Route ${String(route.method)} ${url} declares no access rule (config.access)`,
      );
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD' && method !== 'OPTIONS') app.apiRoutes.push({ method, url, access });
    }
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    request.user = await loadSessionUser(app, request, reply);
    const access = request.routeOptions.config?.access;
    if (access) assertAccess(request.user, access);
  });
});

async function loadSessionUser(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SessionUser | null> {
  const token = request.cookies?.[SESSION_COOKIE];
  if (!token || token.length > 200) return null;
  const sessionId = hashToken(token);
  const now = app.clock();
  const [row] = await app.db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      role: users.role,
      status: users.status,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      technicianId: technicians.id,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(technicians, eq(technicians.userId, users.id))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) {
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return null;
  }
  // Suspension and rejection end sessions when they happen; a session that outlived one
  // (e.g. created concurrently) is ended here, so such a user reaches nothing.
  if (row.status === 'suspended' || row.status === 'rejected') {
    await app.db.delete(sessions).where(eq(sessions.id, sessionId));
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await app.db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) })
      .where(eq(sessions.id, sessionId));
  }
  const { lastSeenAt: _lastSeenAt, ...user } = row;
  return { ...user, sessionId };
}
