import type { AppConfig } from '../../config';
import {
  ForeignAccountError,
  PROVIDER_CALL_TIMEOUT_MS,
  ProviderError,
  type AccountConnector,
} from './types';

const API = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  production: 'https://api-m.paypal.com',
} as const;

/**
 * The tracking id a technician's referral carries: PayPal keeps it with the seller who
 * completes that onboarding, and answers it with the seller's merchant integration.
 */
export const paypalTrackingId = (technicianId: number) => `technician-${technicianId}`;

export const PAYPAL_ACCOUNT_NOT_YOURS =
  'This PayPal account is not the one PayPal onboarded for you. Connect again from your profile.';

/**
 * PayPal's partner onboarding (Partner Referrals API): a referral link made for the technician
 * (carrying their tracking id) sends them to PayPal to sign in or sign up and grant Wrenchly
 * permission; PayPal returns them with their merchant id, and the consent is checked with
 * PayPal (merchant integrations: the seller's tracking id must be this technician's, payments
 * receivable, e-mail confirmed) before the account counts as connected. The merchant id in the
 * return URL is only a claim of the browser's: PayPal's record of whose onboarding it came from
 * decides. Payments then name that merchant as the payee; the platform holds no token of theirs.
 */
export function createPayPalConnector(config: AppConfig): AccountConnector {
  const p = config.paypal;
  const base = p.baseUrl ?? API[p.environment];
  const partnerId = p.partnerMerchantId!;

  async function call<T>(path: string, init: RequestInit & { token?: string }): Promise<T> {
    let res: Response;
    try {
      res = await fetch(new URL(path, base), {
        ...init,
        headers: {
          'content-type': 'application/json',
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          ...init.headers,
        },
        signal: AbortSignal.timeout(PROVIDER_CALL_TIMEOUT_MS),
      });
    } catch {
      throw new ProviderError('PayPal could not be reached');
    }
    const body = (await res.json().catch(() => ({}))) as T & { message?: string };
    if (!res.ok) throw new ProviderError(body.message ?? `PayPal answered ${res.status}`);
    return body;
  }

  const accessToken = async () =>
    (
      await call<{ access_token: string }>('/v1/oauth2/token', {
        method: 'POST',
        body: 'grant_type=client_credentials',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`${p.clientId}:${p.clientSecret}`).toString('base64')}`,
        },
      })
    ).access_token;

  return {
    provider: 'paypal',
    async consentUrl({ state, redirectUri, technician }) {
      const returnUrl = new URL(redirectUri);
      returnUrl.searchParams.set('state', state);
      const referral = await call<{ links?: { rel: string; href: string }[] }>(
        '/v2/customer/partner-referrals',
        {
          method: 'POST',
          token: await accessToken(),
          body: JSON.stringify({
            tracking_id: paypalTrackingId(technician.id),
            email: technician.email,
            operations: [
              {
                operation: 'API_INTEGRATION',
                api_integration_preference: {
                  rest_api_integration: {
                    integration_method: 'PAYPAL',
                    integration_type: 'THIRD_PARTY',
                    third_party_details: { features: ['PAYMENT', 'REFUND'] },
                  },
                },
              },
            ],
            products: ['EXPRESS_CHECKOUT'],
            legal_consents: [{ type: 'SHARE_DATA_CONSENT', granted: true }],
            partner_config_override: { return_url: returnUrl.toString() },
          }),
        },
      );
      const link = referral.links?.find((l) => l.rel === 'action_url')?.href;
      if (!link) throw new ProviderError('PayPal returned no onboarding link');
      return link;
    },
    async complete(query, _redirectUri, technician) {
      const merchantId = query.merchantIdInPayPal;
      if (query.permissionsGranted !== 'true' || query.consentStatus !== 'true' || !merchantId)
        throw new ProviderError('PayPal permissions were not granted');
      const integration = await call<{
        merchant_id?: string;
        tracking_id?: string;
        payments_receivable?: boolean;
        primary_email_confirmed?: boolean;
      }>(
        `/v1/customer/partners/${encodeURIComponent(partnerId)}/merchant-integrations/${encodeURIComponent(merchantId)}`,
        { method: 'GET', token: await accessToken() },
      );
      // Another seller's id (whose onboarding carried another technician's tracking id) is
      // refused before anything else is said about it.
      if (
        integration.tracking_id !== paypalTrackingId(technician.id) ||
        (integration.merchant_id !== undefined && integration.merchant_id !== merchantId)
      )
        throw new ForeignAccountError(PAYPAL_ACCOUNT_NOT_YOURS);
      if (!integration.payments_receivable)
        throw new ProviderError('This PayPal account cannot receive payments yet');
      if (!integration.primary_email_confirmed)
        throw new ProviderError('Confirm your PayPal e-mail address, then connect again');
      return { merchantId, scopes: 'PAYMENT REFUND' };
    },
    // The seller withdraws the permission in their PayPal account; the platform forgets it.
    async revoke() {},
  };
}
