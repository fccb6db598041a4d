import type { FastifyInstance } from 'fastify';
import { tokenCipher } from '../../domain/payment-accounts';
import {
  deleteExpiredStates,
  expiringConnections,
  updateConnection,
} from '../../domain/payment-accounts.queries';
import { ProviderError } from '../../infra/payments';

/** Square's tokens last 30 days; they are renewed when fewer than this many remain. */
export const REFRESH_BEFORE_MS = 7 * 86_400_000;

/**
 * The background task that keeps connected accounts usable: tokens that expire within a week are
 * refreshed with the provider (and re-encrypted with the current key). A refresh the provider
 * refuses (the seller removed the app) disconnects the account; a provider that cannot be reached
 * is asked again on the next run. Also forgets consent states past their ten minutes.
 */
export async function refreshConnectedAccounts(app: FastifyInstance) {
  const now = app.clock();
  const result = { refreshed: 0, disconnected: 0, failed: 0 };
  await deleteExpiredStates(app.db, new Date(now.getTime() - 86_400_000));
  const cipher = tokenCipher(app);
  for (const row of await expiringConnections(
    app.db,
    new Date(now.getTime() + REFRESH_BEFORE_MS),
  )) {
    const connector = app.payments.connectors[row.provider as 'square' | 'paypal' | 'sandbox'];
    if (!connector?.refresh || !row.refreshTokenEnc) continue;
    try {
      const account = await connector.refresh({
        merchantId: row.merchantId,
        refreshToken: cipher.decrypt(row.refreshTokenEnc),
      });
      await updateConnection(app.db, row.id, {
        accessTokenEnc: account.accessToken ? cipher.encrypt(account.accessToken) : null,
        refreshTokenEnc: cipher.encrypt(
          account.refreshToken ?? cipher.decrypt(row.refreshTokenEnc),
        ),
        expiresAt: account.expiresAt ?? null,
        locationId: account.locationId ?? row.locationId,
        updatedAt: now,
      });
      result.refreshed++;
    } catch (err) {
      if (err instanceof ProviderError && err.code === 'UNAUTHORIZED') {
        await updateConnection(app.db, row.id, {
          status: 'disconnected',
          accessTokenEnc: null,
          refreshTokenEnc: null,
          disconnectedAt: now,
          disconnectReason: 'refresh_failed',
          updatedAt: now,
        });
        result.disconnected++;
      } else {
        app.log.warn({ err, connection: row.id }, 'refreshing a connected payment account failed');
        result.failed++;
      }
    }
  }
  return result;
}
