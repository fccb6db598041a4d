import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { API_TOKEN_MESSAGES } from '@shared/schemas/api-tokens';
import { apiTokenByHash, touchApiToken } from './api-tokens.queries';
import { AppError } from '../infra/app-error';
import { technicianPlan } from './entitlements';
import { hashToken } from '../infra/session';

/** Recognisable in logs and secret scanners: 'wr_' + 32 random bytes, base64url. */
export const API_TOKEN_PREFIX = 'wr_';
/** How many characters of a token are kept in clear to recognise it in the list. */
const SHOWN_PREFIX_CHARS = API_TOKEN_PREFIX.length + 7;
/** `last used` is written at most this often per token. */
export const LAST_USED_INTERVAL_MS = 60_000;

export function newApiToken() {
  const token = API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token), prefix: token.slice(0, SHOWN_PREFIX_CHARS) };
}

/** Who a /api/v1 request acts for. */
export type ApiClient = { tokenId: number; technicianId: number; userId: number };

/** The token in `Authorization: Bearer <token>`, or null when the header names none. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer[ \t]+(\S{1,200})[ \t]*$/i.exec(header);
  return m ? m[1]! : null;
}

/**
 * Authenticates a /api/v1 request by its bearer token: 401 when there is none, it is unknown or
 * revoked; 403 when the account is suspended (or not approved) or the plan no longer includes
 * API access. Records the use (at most once a minute per token).
 */
export async function authenticateApiToken(
  app: FastifyInstance,
  header: string | undefined,
): Promise<ApiClient> {
  const token = bearerToken(header);
  if (!token) throw new AppError(401, API_TOKEN_MESSAGES.missing);
  const now = app.clock();
  const row = await apiTokenByHash(app.db, hashToken(token));
  if (!row) throw new AppError(401, API_TOKEN_MESSAGES.invalid);
  if (row.revokedAt) throw new AppError(401, API_TOKEN_MESSAGES.revoked);
  if (row.role !== 'technician' || row.status !== 'approved')
    throw new AppError(
      403,
      row.status === 'suspended' ? 'Account suspended' : 'Account not approved',
    );
  const plan = await technicianPlan(app.db, row.technicianId, now);
  if (!plan.apiAccess) throw new AppError(403, API_TOKEN_MESSAGES.planRequired);
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_INTERVAL_MS) {
    const due = new Date(now.getTime() - LAST_USED_INTERVAL_MS);
    await touchApiToken(app.db, row.id, now, due);
  }
  return { tokenId: row.id, technicianId: row.technicianId, userId: row.userId };
}
