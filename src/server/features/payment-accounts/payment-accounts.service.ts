import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PATHS } from '@shared/paths';
import type { ConnectProvider, PaymentConnection } from '@shared/schemas/payments';
import { audit } from '../../domain/audit';
import { tokenCipher } from '../../domain/payment-accounts';
import {
  connectionOf,
  connectedElsewhere,
  connectionsOf,
  findState,
  insertState,
  lockMerchant,
  updateConnection,
  upsertConnection,
  useState,
  type ConnectionRow,
} from '../../domain/payment-accounts.queries';
import { AppError } from '../../infra/app-error';
import { ForeignAccountError, ProviderError, type AccountConnector } from '../../infra/payments';
import { publicBaseUrl } from '../../infra/public-url';
import type { SessionUser } from '../../infra/session';
import { technicianEmail } from './payment-accounts.queries';

/** How long a consent may take, from the Connect button to the callback. */
export const STATE_TTL_MS = 10 * 60_000;

export const callbackPath = (provider: string) => `/api/payments/callback/${provider}`;

const STATE_REFUSED =
  'This connection could not be verified: it is unknown, used or expired. Start again from your profile.';
const ACCOUNT_TAKEN =
  'This payment account is already connected to another technician. Connect an account of your own.';
const NOT_AVAILABLE = 'Connecting an account at this provider is not set up on this site.';

const ownTechnician = (user: SessionUser | null) => {
  if (user?.technicianId == null) throw new AppError(403, 'Only technicians connect an account');
  return user.technicianId;
};

/** Where the technician goes back to, with the outcome for the page to show. */
export function returnUrl(
  returnTo: string,
  outcome: { connected: string } | { error: string },
): string {
  const path = returnTo === 'pos' ? PATHS.posSystem : PATHS.technicianProfile;
  const q =
    'connected' in outcome
      ? new URLSearchParams({ payments: 'connected', provider: outcome.connected })
      : new URLSearchParams({ payments: 'error', message: outcome.error });
  return `${path}?${q}`;
}

export function createPaymentAccountsService(app: FastifyInstance) {
  const connectors = app.payments.connectors;
  const connectorFor = (provider: ConnectProvider): AccountConnector | undefined =>
    connectors[provider];
  /** The sandbox's flow stays on this site's origin (a path); a provider needs the full URL. */
  const redirectUri = (c: AccountConnector) =>
    c.provider === 'sandbox'
      ? callbackPath(c.provider)
      : `${publicBaseUrl(app.config)}${callbackPath(c.provider)}`;

  const present = (r: ConnectionRow): PaymentConnection => ({
    provider: r.provider as ConnectProvider,
    status: r.status as PaymentConnection['status'],
    merchantId: r.merchantId,
    locationId: r.locationId,
    connectedAt: r.connectedAt.toISOString(),
    disconnectedAt: r.disconnectedAt?.toISOString() ?? null,
    disconnectReason: r.disconnectReason,
    takesCards: r.status === 'connected' && r.provider === app.payments.card?.name,
  });

  return {
    /** The provider's consent page for the signed-in technician (a one-time `state` is kept). */
    async consentUrl(user: SessionUser | null, provider: ConnectProvider, returnTo: string) {
      const technicianId = ownTechnician(user);
      const connector = connectorFor(provider);
      if (!connector) return returnUrl(returnTo, { error: NOT_AVAILABLE });
      const state = randomBytes(24).toString('base64url');
      await insertState(app.db, {
        state,
        technicianId,
        provider: connector.provider,
        returnTo,
        expiresAt: new Date(app.clock().getTime() + STATE_TTL_MS),
      });
      try {
        return await connector.consentUrl({
          state,
          redirectUri: redirectUri(connector),
          technician: { id: technicianId, email: (await technicianEmail(app.db, technicianId))! },
        });
      } catch (err) {
        if (err instanceof ProviderError) return returnUrl(returnTo, { error: err.message });
        throw err;
      }
    },

    /**
     * The provider sent the technician back: the state must be one this technician was given
     * for this provider, unused and recent (else 400/403, nothing stored, and another
     * technician's attempt leaves it usable by its owner); then the provider's answer becomes
     * the connected account, its tokens encrypted, unless the provider ties the account to
     * someone else's onboarding (403) or another technician has it connected (409).
     */
    async complete(
      user: SessionUser | null,
      provider: ConnectProvider,
      query: Record<string, string | undefined>,
      ip: string,
    ) {
      const technicianId = ownTechnician(user);
      const now = app.clock();
      // Whose it is is judged before it is spent: someone else opening the technician's
      // callback link must not use up their state (they would be refused in turn).
      const issued = query.state ? await findState(app.db, query.state) : undefined;
      if (issued && issued.technicianId !== technicianId)
        throw new AppError(403, 'This connection was started by another account.');
      const state =
        issued && !issued.usedAt && issued.expiresAt >= now && issued.provider === provider
          ? await useState(app.db, issued.state, technicianId, now)
          : undefined;
      if (!state) throw new AppError(400, STATE_REFUSED);
      const connector = connectorFor(provider);
      if (!connector || connector.provider !== provider)
        return returnUrl(state.returnTo, { error: NOT_AVAILABLE });
      let account;
      try {
        account = await connector.complete(query, redirectUri(connector), { id: technicianId });
      } catch (err) {
        if (err instanceof ForeignAccountError) throw new AppError(403, err.message);
        if (err instanceof ProviderError) return returnUrl(state.returnTo, { error: err.message });
        throw err;
      }
      const cipher = tokenCipher(app);
      await app.db.transaction(async (tx) => {
        // One technician per seller account: customers' money for one must not reach another,
        // and the provider's revocation of the account would disconnect both.
        await lockMerchant(tx, provider, account.merchantId);
        if (await connectedElsewhere(tx, provider, account.merchantId, technicianId))
          throw new AppError(409, ACCOUNT_TAKEN);
        const row = await upsertConnection(tx, {
          technicianId,
          provider,
          merchantId: account.merchantId,
          locationId: account.locationId ?? null,
          accessTokenEnc: account.accessToken ? cipher.encrypt(account.accessToken) : null,
          refreshTokenEnc: account.refreshToken ? cipher.encrypt(account.refreshToken) : null,
          expiresAt: account.expiresAt ?? null,
          scopes: account.scopes ?? null,
          connectedAt: now,
        });
        await audit(tx, user, {
          action: 'payment_account.connected',
          entityType: 'payment_connection',
          entityId: row.id,
          details: { provider, merchantId: account.merchantId },
          ip,
        });
      });
      return returnUrl(state.returnTo, { connected: provider });
    },

    async list(user: SessionUser | null) {
      const technicianId = ownTechnician(user);
      const rows = await connectionsOf(app.db, technicianId);
      const card = app.payments.card;
      return {
        connections: rows.map(present),
        cardProvider: card && connectors.square ? (card.name as ConnectProvider) : null,
      };
    },

    /** Ends the platform's access at the provider, then forgets the tokens. */
    async disconnect(user: SessionUser | null, provider: ConnectProvider, ip: string) {
      const technicianId = ownTechnician(user);
      const row = await connectionOf(app.db, technicianId, provider);
      if (!row || row.status !== 'connected')
        throw new AppError(404, 'No connected account at this provider');
      const connector = connectorFor(provider) ?? connectors.sandbox;
      try {
        await connector?.revoke({
          merchantId: row.merchantId,
          accessToken: row.accessTokenEnc ? tokenCipher(app).decrypt(row.accessTokenEnc) : null,
        });
      } catch (err) {
        // The account is forgotten here either way; the seller can also remove the app there.
        app.log.warn({ err, provider }, 'revoking a connected payment account failed');
      }
      const updated = await app.db.transaction(async (tx) => {
        const r = await updateConnection(tx, row.id, {
          status: 'disconnected',
          accessTokenEnc: null,
          refreshTokenEnc: null,
          expiresAt: null,
          disconnectedAt: app.clock(),
          disconnectReason: 'technician',
          updatedAt: app.clock(),
        });
        await audit(tx, user, {
          action: 'payment_account.disconnected',
          entityType: 'payment_connection',
          entityId: row.id,
          details: { provider, merchantId: row.merchantId },
          ip,
        });
        return r!;
      });
      return present(updated);
    },
  };
}
