import { SquareError } from 'square';
import type { AppConfig } from '../../config';
import { squareClient } from './square';
import { ProviderError, type AccountConnector, type ConnectedAccount } from './types';

/** What Wrenchly asks a seller for: taking and refunding payments, cards on file, the profile. */
export const SQUARE_SCOPES = [
  'MERCHANT_PROFILE_READ',
  'PAYMENTS_READ',
  'PAYMENTS_WRITE',
  'CUSTOMERS_READ',
  'CUSTOMERS_WRITE',
  'DISPUTES_READ',
] as const;

const CONSENT = {
  sandbox: 'https://connect.squareupsandbox.com',
  production: 'https://connect.squareup.com',
} as const;

const squareFailure = (err: unknown, fallback: string) =>
  new ProviderError(
    err instanceof SquareError
      ? (err.errors[0]?.detail ?? `Square answered ${err.statusCode ?? 'with an error'}`)
      : err instanceof ProviderError
        ? err.message
        : fallback,
    err instanceof SquareError ? err.errors[0]?.code : undefined,
  );

/**
 * Square's OAuth code flow through the official SDK: the seller consents on Square's page, the
 * callback's code is exchanged for the seller's tokens (`oAuth.obtainToken`), the location that
 * takes cards is found with the seller's token, tokens are refreshed before their 30 days run
 * out, and `oAuth.revokeToken` (with the application secret) ends access on disconnect.
 */
export function createSquareConnector(config: AppConfig): AccountConnector {
  const clientId = config.square.applicationId!;
  const clientSecret = config.accounts.squareApplicationSecret!;
  // The SDK wants a bearer token on every client; the OAuth calls authenticate with the
  // application's id and secret instead (revocation replaces the header with them).
  const platform = squareClient(config, config.square.accessToken ?? 'oauth-only');

  async function withLocation(
    token: {
      accessToken?: string;
      refreshToken?: string;
      expiresAt?: string;
      merchantId?: string;
    },
    scopes?: string,
  ): Promise<ConnectedAccount> {
    if (!token.accessToken || !token.merchantId)
      throw new ProviderError('Square returned no access token');
    const seller = squareClient(config, token.accessToken);
    const { locations } = await seller.locations.list();
    const usable = (locations ?? []).filter(
      (l) => l.status === 'ACTIVE' && (l.capabilities ?? []).includes('CREDIT_CARD_PROCESSING'),
    );
    const location = usable[0];
    if (!location?.id)
      throw new ProviderError('This Square account has no active location that can take cards');
    return {
      merchantId: token.merchantId,
      locationId: location.id,
      accessToken: token.accessToken,
      refreshToken: token.refreshToken,
      expiresAt: token.expiresAt ? new Date(token.expiresAt) : undefined,
      scopes,
    };
  }

  return {
    provider: 'square',
    async consentUrl({ state, redirectUri }) {
      const base =
        config.accounts.squareOauthUrl ??
        config.square.baseUrl ??
        CONSENT[config.square.environment];
      const url = new URL('/oauth2/authorize', base);
      url.searchParams.set('client_id', clientId);
      url.searchParams.set('scope', SQUARE_SCOPES.join(' '));
      url.searchParams.set('session', 'false');
      url.searchParams.set('state', state);
      url.searchParams.set('redirect_uri', redirectUri);
      return url.toString();
    },
    async complete(query, redirectUri) {
      if (query.error)
        throw new ProviderError(
          query.error === 'access_denied'
            ? 'You declined the connection on Square'
            : (query.error_description ?? 'Square did not connect the account'),
        );
      if (!query.code) throw new ProviderError('Square sent no authorization code');
      try {
        const token = await platform.oAuth.obtainToken({
          clientId,
          clientSecret,
          code: query.code,
          grantType: 'authorization_code',
          redirectUri,
        });
        return await withLocation(token, SQUARE_SCOPES.join(' '));
      } catch (err) {
        throw squareFailure(err, 'Square could not be reached');
      }
    },
    async refresh({ refreshToken }) {
      try {
        const token = await platform.oAuth.obtainToken({
          clientId,
          clientSecret,
          refreshToken,
          grantType: 'refresh_token',
        });
        return await withLocation({ refreshToken, ...token });
      } catch (err) {
        throw squareFailure(err, 'Square could not be reached');
      }
    },
    async revoke({ merchantId }) {
      try {
        await platform.oAuth.revokeToken(
          { clientId, merchantId },
          { headers: { Authorization: `Client ${clientSecret}` } },
        );
      } catch (err) {
        // Already revoked at Square (by the seller): nothing left to end.
        if (err instanceof SquareError && err.statusCode === 404) return;
        throw squareFailure(err, 'Square could not be reached');
      }
    },
  };
}
