import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_RATE_LIMIT_PER_MINUTE } from '@shared/schemas/api-tokens';
import { authenticateApiToken, bearerToken, type ApiClient } from '../domain/api-tokens';
import { AppError } from '../infra/app-error';
import type { RateLimiter } from '../infra/rate-limiter';
import { hashToken, SESSION_COOKIE, SESSION_TTL_MS, type SessionUser } from '../infra/session';
import { deleteSession, sessionUserRow, touchSession } from '../infra/session.queries';

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
  // /api/v1: a personal API token (Authorization: Bearer), never a session cookie.
  'api-token',
] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    /** Who a /api/v1 request acts for (access 'api-token'); null everywhere else. */
    apiClient: ApiClient | null;
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
export const TOKEN_ROUTES_ONLY = 'API tokens are accepted only by /api/v1 routes';

/** Throws unless the request's user satisfies the access level. */
export function assertAccess(user: SessionUser | null, access: Access): void {
  if (access === 'public') return;
  if (!user) throw new AppError(401, 'Authentication required');
  switch (access) {
    case 'api-token':
      // A session never opens a token route.
      throw new AppError(401, 'API token required: send Authorization: Bearer <token>');
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
  app.decorateRequest('apiClient', null);
  app.decorate('apiRoutes', []);
  // Per token, counted in the store every instance shares (ADR 016, ADR 022).
  let tokenLimiter: RateLimiter | undefined;

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

  async function authorize(request: FastifyRequest, reply: FastifyReply, access?: Access) {
    if (access === 'api-token') {
      // Cookies are not read here: a browser session cannot be ridden into the API.
      request.apiClient = await authenticateApiToken(app, request.headers.authorization);
      tokenLimiter ??= app.rateLimits.limiter('api-token', API_RATE_LIMIT_PER_MINUTE, 60_000);
      const wait = await tokenLimiter.consume(String(request.apiClient.tokenId));
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw new AppError(
          429,
          `Rate limit exceeded: ${API_RATE_LIMIT_PER_MINUTE} requests a minute per token. Try again in ${wait} seconds.`,
        );
      }
      return;
    }
    request.user = await loadSessionUser(app, request, reply);
    judge(request, access);
  }

  app.addHook('onRequest', (request, reply, done) => {
    const access = request.routeOptions.config?.access;
    // Without a session cookie nothing is read from the database: judged at once, without a
    // promise per request (most requests are visitors' reads and health checks).
    if (access !== 'api-token' && !request.cookies?.[SESSION_COOKIE]) {
      try {
        judge(request, access);
      } catch (err) {
        done(err as Error);
        return;
      }
      done();
      return;
    }
    authorize(request, reply, access).then(() => done(), done);
  });
});

/** Whether the request's user (or its absence) may call a route of this access level. */
function judge(request: FastifyRequest, access?: Access) {
  if (!access) return;
  if (!request.user && access !== 'public' && bearerToken(request.headers.authorization))
    throw new AppError(401, TOKEN_ROUTES_ONLY);
  assertAccess(request.user, access);
}

async function loadSessionUser(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<SessionUser | null> {
  const token = request.cookies?.[SESSION_COOKIE];
  if (!token || token.length > 200) return null;
  const sessionId = hashToken(token);
  const now = app.clock();
  const row = await sessionUserRow(app.db, sessionId, now);
  if (!row) {
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return null;
  }
  // Suspension and rejection end sessions when they happen; a session that outlived one
  // (e.g. created concurrently) is ended here, so such a user reaches nothing.
  if (row.status === 'suspended' || row.status === 'rejected') {
    await deleteSession(app.db, sessionId);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await touchSession(app.db, sessionId, now, new Date(now.getTime() + SESSION_TTL_MS));
  }
  const { lastSeenAt: _lastSeenAt, ...user } = row;
  return { ...user, sessionId };
}
