import type { FastifyInstance } from 'fastify';
import {
  API_TOKEN_MESSAGES,
  MAX_API_TOKENS,
  type ApiToken,
  type ApiTokenList,
  type CreatedApiToken,
} from '@shared/schemas/api-tokens';
import { newApiToken } from '../../domain/api-tokens';
import { AppError } from '../../infra/app-error';
import { technicianPlan } from '../../domain/entitlements';
import * as q from './api-tokens.queries';

const tokenOut = (row: q.ApiTokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export function createApiTokensService(app: FastifyInstance) {
  return {
    async list(technicianId: number): Promise<ApiTokenList> {
      const [plan, rows] = await Promise.all([
        technicianPlan(app.db, technicianId, app.clock()),
        q.activeTokensOf(app.db, technicianId),
      ]);
      return { entitled: plan.apiAccess, tokens: rows.map(tokenOut) };
    },

    /** A new token (Professional only), returned in clear this once; only its hash is kept. */
    async create(technicianId: number, name: string): Promise<CreatedApiToken> {
      const now = app.clock();
      return app.db.transaction(async (tx) => {
        const plan = await technicianPlan(tx, technicianId, now);
        if (!plan.apiAccess) throw new AppError(403, API_TOKEN_MESSAGES.planRequired);
        // Counted and inserted under the technician's row lock: parallel creates cannot pass
        // the limit together.
        await q.lockTechnician(tx, technicianId);
        if ((await q.countActive(tx, technicianId)) >= MAX_API_TOKENS)
          throw new AppError(409, API_TOKEN_MESSAGES.tooMany);
        const { token, tokenHash, prefix } = newApiToken();
        const row = await q.insertToken(tx, { technicianId, name, tokenHash, prefix });
        return { token, apiToken: tokenOut(row) };
      });
    },

    /** Revokes it at once: the next request with it gets 401. */
    async revoke(technicianId: number, id: number) {
      if (!(await q.revokeToken(app.db, technicianId, id, app.clock())))
        throw new AppError(404, API_TOKEN_MESSAGES.notFound);
      return { message: 'API token revoked' };
    },
  };
}
