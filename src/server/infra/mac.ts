import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of `text` under `secret`, base64url (43 characters). */
export const macOf = (secret: string, text: string) =>
  createHmac('sha256', secret).update(text).digest('base64url');

/** Whether `given` is the MAC of `text`, compared in constant time. */
export function macMatches(secret: string, text: string, given: string | undefined): boolean {
  if (!given) return false;
  const expected = Buffer.from(macOf(secret, text));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
