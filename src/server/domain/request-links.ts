import { createHmac, timingSafeEqual } from 'node:crypto';
import { formatReference } from '@shared/service-request-rules';
import { publicBaseUrl } from '../infra/public-url';
import type { AppConfig } from '../config';

/**
 * A service request's signed links: `/requests/WR-000123?t=<HMAC>`. They name one request and do
 * not expire; rotating SESSION_SECRET revokes every link. Two kinds (ADR 025):
 * - `follow`: view, confirm, pay, sign. The submitter gets it back when they submit; links made
 *   before the kinds existed verify as this kind.
 * - `review`: all a follow link does, and review the job. Only e-mails to the request's address
 *   carry it, so holding it proves the address.
 */
export type RequestLinkKind = 'follow' | 'review';

const mac = (secret: string, id: number, kind: RequestLinkKind) =>
  createHmac('sha256', secret)
    .update(
      kind === 'follow'
        ? `wrenchly:service-request:${id}`
        : `wrenchly:service-request:${id}:review`,
    )
    .digest('base64url');

export const requestLinkToken = (secret: string, id: number, kind: RequestLinkKind = 'follow') =>
  mac(secret, id, kind);

const same = (token: string, expected: string) => {
  const a = Buffer.from(token, 'base64url');
  const b = Buffer.from(expected, 'base64url');
  return a.length === b.length && timingSafeEqual(a, b);
};

/** The kind of this request's link `token` is, or null when it is not one. */
export function requestLinkKind(
  secret: string,
  id: number,
  token: string | undefined,
): RequestLinkKind | null {
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  if (same(token, mac(secret, id, 'review'))) return 'review';
  if (same(token, mac(secret, id, 'follow'))) return 'follow';
  return null;
}

export function verifyRequestLinkToken(secret: string, id: number, token: string | undefined) {
  return requestLinkKind(secret, id, token) !== null;
}

/** The request page's path with its token. */
export const requestPagePath = (secret: string, id: number, kind: RequestLinkKind = 'follow') =>
  `/requests/${formatReference(id)}?t=${requestLinkToken(secret, id, kind)}`;

/** The absolute link for e-mails to the request's address: the kind that may review. */
export const requestPageUrl = (
  config: Pick<AppConfig, 'publicUrl' | 'port' | 'sessionSecret'>,
  id: number,
) => `${publicBaseUrl(config)}${requestPagePath(config.sessionSecret, id, 'review')}`;
