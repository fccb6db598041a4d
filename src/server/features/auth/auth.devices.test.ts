import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { createUser, TEST_PASSWORD } from '../../../../tests/helpers/factories';
import { outbox } from '../../db/schema';
import { DEVICE_COOKIE } from '../../domain/sign-in-throttle';

/**
 * Guessing cannot lock an owner out (OWASP device cookies): a browser that signed in to the
 * account before keeps getting in, whatever failures come from elsewhere; other devices wait
 * longer with every failure; a password reset clears the account's failures.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let address = 0;
const signInFrom = (
  login: string,
  password: string,
  options: { ip?: string; device?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    remoteAddress: options.ip ?? `198.51.${(++address >> 8) & 255}.${address & 255}`,
    headers: options.device ? { cookie: `${DEVICE_COOKIE}=${options.device}` } : {},
    payload: { username: login, password },
  });

/** The device cookie a successful sign-in leaves. */
async function knownDevice(login: string) {
  const res = await signInFrom(login, TEST_PASSWORD);
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE)!;
  expect(cookie.httpOnly).toBe(true);
  expect(cookie.sameSite).toBe('Strict');
  expect(cookie.path).toBe('/api/auth');
  expect(cookie.maxAge).toBe(365 * 24 * 60 * 60);
  return cookie.value;
}

/** Forty wrong passwords from forty addresses: unknown devices are refused after a few. */
async function attack(login: string) {
  for (let i = 0; i < 40; i++) {
    const res = await signInFrom(login, `guess-${i}`);
    expect([401, 429]).toContain(res.statusCode);
  }
  expect((await signInFrom(login, TEST_PASSWORD)).statusCode).toBe(429);
}

describe('an account under attack', () => {
  it("still lets its owner's known browser in, from any address", async () => {
    const owner = await createUser(t.app);
    const device = await knownDevice(owner.username!);
    await attack(owner.username!);
    const res = await signInFrom(owner.email, TEST_PASSWORD, { ip: '203.0.113.77', device });
    expect(res.statusCode, res.body).toBe(200);
    // The browser keeps its cookie.
    expect(res.cookies.find((c) => c.name === DEVICE_COOKIE)?.value).toBe(device);
  });

  it("refuses a forged device cookie, or another account's, the same as none", async () => {
    const owner = await createUser(t.app);
    const other = await createUser(t.app);
    const device = await knownDevice(owner.username!);
    const othersDevice = await knownDevice(other.username!);
    await attack(owner.username!);
    const [id, nonce] = device.split('.');
    for (const forged of [
      othersDevice,
      `${id}.${nonce}.${'A'.repeat(43)}`,
      `${other.id}.${device.split('.').slice(1).join('.')}`,
      'garbage',
    ]) {
      const res = await signInFrom(owner.username!, TEST_PASSWORD, { device: forged });
      expect(res.statusCode, forged).toBe(429);
    }
  });

  it("counts a known browser's own failures against that browser only", async () => {
    const owner = await createUser(t.app);
    const device = await knownDevice(owner.username!);
    for (let i = 0; i < 10; i++)
      expect((await signInFrom(owner.username!, 'wrong', { device })).statusCode).toBe(401);
    expect((await signInFrom(owner.username!, TEST_PASSWORD, { device })).statusCode).toBe(429);
    // Not the account: another browser still gets in.
    expect((await signInFrom(owner.username!, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('is unlocked by a password reset, which also ends the device cookies of the old password', async () => {
    const owner = await createUser(t.app);
    const oldDevice = await knownDevice(owner.username!);
    await attack(owner.email);
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: owner.email },
    });
    expect(forgot.statusCode).toBe(200);
    const mail = await vi.waitFor(
      async () => {
        const [m] = await t.app.db
          .select()
          .from(outbox)
          .where(and(eq(outbox.toAddress, owner.email), eq(outbox.template, 'reset_password')));
        if (!m) throw new Error('no reset e-mail yet');
        return m;
      },
      { timeout: 5000, interval: 20 },
    );
    const token = decodeURIComponent(/\/set-password#token=([\w%-]+)/.exec(mail.textBody)![1]!);
    const newPassword = 'a brand new passphrase 42';
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: { token, password: newPassword },
    });
    expect(set.statusCode, set.body).toBe(200);
    // A browser that never signed in before gets in at once with the new password.
    expect((await signInFrom(owner.username!, newPassword)).statusCode).toBe(200);
    // A browser known under the old password is a stranger now: whoever knew the old password
    // gets no device of their own to guess the new one from.
    await attack(owner.username!);
    expect((await signInFrom(owner.username!, newPassword, { device: oldDevice })).statusCode).toBe(
      429,
    );
  });
});
