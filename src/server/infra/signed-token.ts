import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived capability tokens: `<id>.<expiry in unix seconds>.<HMAC-SHA256>`. The purpose is
 * part of the signed text, so an upload token never works as a read token or the reverse.
 */
export type TokenPurpose = 'document-upload' | 'document-read' | 'request-photo';

export type TokenCheck =
  | { ok: true; id: number; expiresAt: Date }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'expired'; id: number };

const mac = (secret: string, purpose: TokenPurpose, id: number, exp: number) =>
  createHmac('sha256', secret).update(`wrenchly:${purpose}:${id}:${exp}`).digest();

export function signToken(
  secret: string,
  purpose: TokenPurpose,
  id: number,
  expiresAt: Date,
): string {
  const exp = Math.floor(expiresAt.getTime() / 1000);
  return `${id}.${exp}.${mac(secret, purpose, id, exp).toString('base64url')}`;
}

/** Checks the signature first (a tampered token is 'invalid'), then the expiry against `now`. */
export function verifyToken(
  secret: string,
  purpose: TokenPurpose,
  token: string,
  now: Date,
): TokenCheck {
  const m = /^(\d{1,12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return { ok: false, reason: 'invalid' };
  const id = Number(m[1]);
  const exp = Number(m[2]);
  const given = Buffer.from(m[3]!, 'base64url');
  const expected = mac(secret, purpose, id, exp);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'invalid' };
  if (exp * 1000 <= now.getTime()) return { ok: false, reason: 'expired', id };
  return { ok: true, id, expiresAt: new Date(exp * 1000) };
}
