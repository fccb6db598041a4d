import { createHmac, timingSafeEqual } from 'node:crypto';
import { formatReference } from '../../shared/jobs';
import { publicBaseUrl } from './public-url';
import type { AppConfig } from '../config';

/**
 * A service request's signed link: `/requests/WR-000123?t=<HMAC>`. It is how a guest (no
 * account) follows, pays and reviews their request, so every e-mail about the request carries
 * it. It names one request and does not expire; rotating SESSION_SECRET revokes every link.
 */
const mac = (secret: string, id: number) =>
  createHmac('sha256', secret).update(`wrenchly:service-request:${id}`).digest('base64url');

export const requestLinkToken = (secret: string, id: number) => mac(secret, id);

export function verifyRequestLinkToken(secret: string, id: number, token: string | undefined) {
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return false;
  const given = Buffer.from(token, 'base64url');
  const expected = Buffer.from(mac(secret, id), 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The request page's path with its token. */
export const requestPagePath = (secret: string, id: number) =>
  `/requests/${formatReference(id)}?t=${requestLinkToken(secret, id)}`;

/** The absolute link for e-mails. */
export const requestPageUrl = (
  config: Pick<AppConfig, 'publicUrl' | 'port' | 'sessionSecret'>,
  id: number,
) => `${publicBaseUrl(config)}${requestPagePath(config.sessionSecret, id)}`;
