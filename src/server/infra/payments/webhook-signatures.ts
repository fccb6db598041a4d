import { WebhooksHelper } from 'square';
import type { AppConfig } from '../../config';
import { publicBaseUrl } from '../public-url';
import { PROVIDER_CALL_TIMEOUT_MS, ProviderError } from './types';

/**
 * Whether a provider's webhook request is genuine: Square signs the notification URL and the raw
 * body with the subscription's key (HMAC-SHA256, base64, in `x-square-hmacsha256-signature`);
 * PayPal's signature is checked by PayPal itself (verify-webhook-signature). Infrastructure
 * only: what the events mean is the webhooks feature's.
 */

export const SQUARE_WEBHOOK_PATH = '/api/webhooks/square';
export const PAYPAL_WEBHOOK_PATH = '/api/webhooks/paypal';

/** The URL Square's subscription posts to, which its signature covers. */
export const squareNotificationUrl = (config: Pick<AppConfig, 'publicUrl' | 'port'>) =>
  `${publicBaseUrl(config)}${SQUARE_WEBHOOK_PATH}`;

/** Why a webhook request is refused (401), or null when its signature holds. */
export type SignatureVerdict = null | string;

export const SIGNATURE_MISSING = 'Missing webhook signature';
export const SIGNATURE_INVALID = 'Invalid webhook signature';
export const SQUARE_NOT_CONFIGURED =
  'Square webhooks are not configured (SQUARE_WEBHOOK_SIGNATURE_KEY is not set)';
export const PAYPAL_NOT_CONFIGURED =
  'PayPal webhooks are not configured (PAYPAL_WEBHOOK_ID is not set)';

/** Square: the SDK's helper over the raw body, exactly as it arrived. */
export async function verifySquareSignature(
  config: AppConfig,
  rawBody: string,
  signatureHeader: string | undefined,
): Promise<SignatureVerdict> {
  const key = config.square.webhookSignatureKey;
  if (!key) return SQUARE_NOT_CONFIGURED;
  if (!signatureHeader) return SIGNATURE_MISSING;
  const ok = await WebhooksHelper.verifySignature({
    requestBody: rawBody,
    signatureHeader,
    signatureKey: key,
    notificationUrl: squareNotificationUrl(config),
  });
  return ok ? null : SIGNATURE_INVALID;
}

const PAYPAL_API = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  production: 'https://api-m.paypal.com',
} as const;

/** The transmission headers PayPal signs every webhook delivery with. */
export const PAYPAL_SIGNATURE_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

export type PayPalVerifier = (
  headers: Record<string, string | string[] | undefined>,
  event: unknown,
) => Promise<SignatureVerdict>;

/**
 * PayPal: POST /v1/notifications/verify-webhook-signature with the transmission headers, the
 * webhook id and the event, under an OAuth client-credentials token (kept until it expires).
 * SUCCESS accepts; FAILURE is a wrong signature; PayPal unreachable is a ProviderError (the
 * route answers 503, and PayPal delivers again).
 */
export function createPayPalVerifier(config: AppConfig): PayPalVerifier {
  const p = config.paypal;
  const base = (p.baseUrl ?? PAYPAL_API[p.environment]).replace(/\/+$/, '');
  let token: { value: string; until: number } | null = null;

  async function call(path: string, init: RequestInit) {
    try {
      return await fetch(`${base}${path}`, {
        ...init,
        signal: AbortSignal.timeout(PROVIDER_CALL_TIMEOUT_MS),
      });
    } catch {
      throw new ProviderError('PayPal could not be reached');
    }
  }

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const res = await call('/v1/oauth2/token', {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${p.clientId}:${p.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    if (!res.ok) throw new ProviderError(`PayPal refused the client credentials (${res.status})`);
    const body = (await res.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new ProviderError('PayPal returned no access token');
    // Renewed a minute early.
    token = {
      value: body.access_token,
      until: Date.now() + Math.max(0, (body.expires_in ?? 300) - 60) * 1000,
    };
    return token.value;
  }

  return async (headers, event) => {
    if (!p.webhookId || !p.clientId || !p.clientSecret) return PAYPAL_NOT_CONFIGURED;
    const fields: Record<string, string> = {};
    for (const [field, header] of Object.entries(PAYPAL_SIGNATURE_HEADERS)) {
      const value = headers[header];
      if (typeof value !== 'string' || value === '') return SIGNATURE_MISSING;
      fields[field] = value;
    }
    const res = await call('/v1/notifications/verify-webhook-signature', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ ...fields, webhook_id: p.webhookId, webhook_event: event }),
    });
    if (res.status === 401) token = null;
    // PayPal answers 400 for a malformed request (a cert URL not its own, and the like).
    if (res.status === 400) return SIGNATURE_INVALID;
    if (!res.ok) throw new ProviderError(`PayPal answered ${res.status}`);
    const body = (await res.json()) as { verification_status?: string };
    return body.verification_status === 'SUCCESS' ? null : SIGNATURE_INVALID;
  };
}
