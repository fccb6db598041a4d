import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * How password guessing is kept slow without handing anyone a switch that locks an owner out
 * (OWASP's "device cookies"). A successful sign-in leaves a signed device cookie naming the
 * account. Attempts from a device that presents one for the account are counted per device, so
 * failures from elsewhere never lock the owner's own browser; attempts from any other device
 * are counted per account in tiers, so the wait grows with the failures (5 a minute, 10 in
 * 15 minutes, 20 an hour, 40 a day). A successful sign-in or a password reset clears the
 * account's counts. Every attempt is also counted per address (auth.service).
 */
export const DEVICE_COOKIE = 'wrenchly_device';
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

const MINUTE = 60_000;
/** Attempts from unknown devices per account: [max, window] tiers, the wait growing. */
const UNKNOWN_DEVICE_TIERS: [number, number][] = [
  [5, MINUTE],
  [10, 15 * MINUTE],
  [20, 60 * MINUTE],
  [40, 24 * 60 * MINUTE],
];
/** Attempts from one known device (its own failures only). */
const KNOWN_DEVICE_MAX = 10;
const KNOWN_DEVICE_WINDOW_MS = 15 * MINUTE;

/**
 * The device cookie's signature covers the account's password hash too: a new password (a
 * reset) ends every device cookie issued under the old one.
 */
const deviceMac = (secret: string, account: DeviceAccount, nonce: string) =>
  createHmac('sha256', secret)
    .update(`wrenchly:device:${account.id}:${nonce}:${account.passwordHash ?? ''}`)
    .digest();

type DeviceAccount = { id: number; passwordHash: string | null };

/** Who is signing in: the account the typed text names (or the text, when none does). */
export type SignInSubject = { userId: number } | { login: string };

export function createSignInThrottle(app: FastifyInstance) {
  const secret = app.config.sessionSecret;
  const tiers = UNKNOWN_DEVICE_TIERS.map(([max, windowMs], i) =>
    app.rateLimits.limiter(`signin:account:${i}`, max, windowMs),
  );
  const byDevice = app.rateLimits.limiter(
    'signin:device',
    KNOWN_DEVICE_MAX,
    KNOWN_DEVICE_WINDOW_MS,
  );
  const accountKey = (s: SignInSubject) =>
    'userId' in s ? `id:${s.userId}` : `login:${s.login.trim().toLowerCase()}`;

  return {
    /** A new device cookie's value for the account: `<user id>.<nonce>.<HMAC>`. */
    deviceToken(account: DeviceAccount): string {
      const nonce = randomBytes(16).toString('base64url');
      return `${account.id}.${nonce}.${deviceMac(secret, account, nonce).toString('base64url')}`;
    },

    /**
     * The device's own key when the cookie is a genuine one for this account (issued since its
     * password was last set), else null.
     */
    knownDevice(cookie: string | undefined, account: DeviceAccount): string | null {
      const m = /^(\d{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(cookie ?? '');
      if (!m || Number(m[1]) !== account.id) return null;
      const given = Buffer.from(m[3]!, 'base64url');
      const expected = deviceMac(secret, account, m[2]!);
      return given.length === expected.length && timingSafeEqual(given, expected) ? m[2]! : null;
    },

    /**
     * Counts an attempt and answers 0 when it may go ahead, else the seconds to wait (nothing
     * counted then). Checked and counted in one atomic step per limit in the shared store.
     */
    async admit(subject: SignInSubject, device: string | null): Promise<number> {
      if (device) return byDevice.consume(device);
      const key = accountKey(subject);
      for (const [i, tier] of tiers.entries()) {
        const wait = await tier.consume(key);
        if (wait > 0) {
          // Not an attempt after all: the tiers already counted give theirs back.
          await Promise.all(tiers.slice(0, i).map((t) => t.refund(key)));
          return wait;
        }
      }
      return 0;
    },

    /** The password was right: the account's and the device's counts start over. */
    async succeeded(subject: SignInSubject, device: string | null) {
      await Promise.all([
        ...tiers.map((t) => t.reset(accountKey(subject))),
        ...(device ? [byDevice.reset(device)] : []),
      ]);
    },

    /** A password reset: failures counted against the account are forgotten. */
    clearAccount: (userId: number) =>
      Promise.all(tiers.map((t) => t.reset(accountKey({ userId })))).then(() => undefined),
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
