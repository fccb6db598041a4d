import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, signIn, TEST_PASSWORD } from '../../../../tests/helpers/factories';
import {
  approvedApplicant,
  setPasswordTokenFromMail,
  buildUploadTestApp,
} from '../../../../tests/helpers/onboarding-factories';
import { FORGOT_PASSWORD_MESSAGE } from '@shared/schemas/auth';
import { outbox, userTokens } from '../../db/schema';

const INVALID = 'This link is invalid or has expired';

let t: Awaited<ReturnType<typeof buildUploadTestApp>>;
let adminCookie: string;
beforeAll(async () => {
  t = await buildUploadTestApp();
  const admin = await createUser(t.app, { role: 'admin' });
  adminCookie = await signIn(t.app, admin.username!);
});
afterAll(() => t.close());

const check = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/set-password/check', payload: { token } });
const setPassword = (token: string, password = 'a-good-password') =>
  t.app.inject({ method: 'POST', url: '/api/auth/set-password', payload: { token, password } });

describe('/api/auth/set-password', () => {
  it('works once: the token is used up', async () => {
    const { email, username } = await approvedApplicant(t.app, adminCookie);
    const token = await setPasswordTokenFromMail(t.app, email);
    expect((await setPassword(token)).statusCode).toBe(200);
    await signIn(t.app, username, 'a-good-password');
    for (const res of [await setPassword(token, 'another-password'), await check(token)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(INVALID);
    }
    // The refused reuse changed nothing.
    await signIn(t.app, username, 'a-good-password');
  });

  it('expires after 7 days', async () => {
    const { email } = await approvedApplicant(t.app, adminCookie);
    const token = await setPasswordTokenFromMail(t.app, email);
    t.clock.advance(7 * 24 * 60 * 60_000 - 60_000);
    expect((await check(token)).statusCode).toBe(200);
    t.clock.advance(2 * 60_000);
    const res = await setPassword(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(INVALID);
    expect((await check(token)).json().message).toBe(INVALID);
  });

  it('takes the token in a POST body only: no API path carries it', async () => {
    const { email } = await approvedApplicant(t.app, adminCookie);
    const token = await setPasswordTokenFromMail(t.app, email);
    const byPath = await t.app.inject({
      method: 'GET',
      url: `/api/auth/set-password/${encodeURIComponent(token)}`,
    });
    expect(byPath.statusCode).toBe(404);
    const res = await check(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ valid: true, purpose: 'set', email });
  });

  it('refuses a made-up token', async () => {
    expect((await setPassword('nope')).json().message).toBe(INVALID);
    expect((await check('nope')).statusCode).toBe(400);
    expect((await setPassword('')).statusCode).toBe(400);
  });
});

const forgot = (email: string, remoteAddress = '198.51.100.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    remoteAddress,
  });

const mailsTo = (to: string, template: string) =>
  t.app.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, to), eq(outbox.template, template)));

/** Waits for the reset e-mail (sent after the answer) and returns the link's token. */
async function resetTokenFromMail(email: string, count = 1) {
  const mails = await vi.waitFor(
    async () => {
      const m = await mailsTo(email, 'reset_password');
      if (m.length < count) throw new Error('no reset e-mail yet');
      return m;
    },
    { timeout: 5000, interval: 20 },
  );
  const text = mails.sort((a, b) => b.id - a.id)[0]!.textBody;
  const m = /\/set-password#token=([\w%-]+)/.exec(text);
  if (!m) throw new Error(`no reset link in ${text}`);
  return decodeURIComponent(m[1]!);
}

describe('POST /api/auth/forgot-password', () => {
  it('answers the same whether or not the account exists, and mails only an account', async () => {
    const u = await createUser(t.app);
    const known = await forgot(u.email.toUpperCase(), '198.51.100.2');
    const unknown = await forgot('nobody-here@example.com', '198.51.100.2');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    expect(unknown.json()).toEqual(known.json());
    await resetTokenFromMail(u.email);
    expect(await mailsTo('nobody-here@example.com', 'reset_password')).toHaveLength(0);
    // Only the hash is stored.
    const token = await resetTokenFromMail(u.email);
    const rows = await t.app.db.select().from(userTokens).where(eq(userTokens.userId, u.id));
    expect(rows.map((r) => r.tokenHash)).not.toContain(token);
  });

  it('sets a new password once, with the same rules, and ends every session', async () => {
    const u = await createUser(t.app);
    const session = await signIn(t.app, u.username!);
    await forgot(u.email, '198.51.100.3');
    const token = await resetTokenFromMail(u.email);
    const checked = await check(token);
    expect(checked.json()).toMatchObject({ valid: true, purpose: 'reset', email: u.email });
    const weak = await setPassword(token, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('Password must be at least 8 characters');
    const common = await setPassword(token, 'password123');
    expect(common.json().message).toBe('This password is too common: choose another one');
    const named = await setPassword(token, `new-${u.username}-pw`);
    expect(named.statusCode).toBe(400);
    expect(named.json().message).toBe(
      'The password must not contain the username or e-mail address',
    );
    const done = await setPassword(token, 'a-brand-new-password');
    expect(done.statusCode).toBe(200);
    expect(done.json().username).toBe(u.username);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/current-user',
      headers: { cookie: session },
    });
    expect(me.statusCode).toBe(401);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: u.username, password: TEST_PASSWORD },
    });
    expect(old.statusCode).toBe(401);
    await signIn(t.app, u.username!, 'a-brand-new-password');
    const again = await setPassword(token, 'yet-another-password');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(INVALID);
  });

  it('expires after 1 hour', async () => {
    const u = await createUser(t.app);
    await forgot(u.email, '198.51.100.4');
    const token = await resetTokenFromMail(u.email);
    t.clock.advance(61 * 60_000);
    expect((await check(token)).statusCode).toBe(400);
    expect((await setPassword(token)).json().message).toBe(INVALID);
  });

  it('is rate limited per IP, and mails an address at most 3 times an hour', async () => {
    const u = await createUser(t.app);
    for (let i = 0; i < 5; i++)
      expect((await forgot(u.email, '198.51.100.5')).statusCode).toBe(200);
    const limited = await forgot(u.email, '198.51.100.5');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(
      'Too many password reset requests. Please try again later.',
    );
    await resetTokenFromMail(u.email, 3);
    // What is checked is an absence (no fourth mail), which no condition signals: a moment for
    // a send wrongly started by the fourth or fifth request to show up.
    await new Promise((r) => setTimeout(r, 100));
    expect(await mailsTo(u.email, 'reset_password')).toHaveLength(3);
  });
});
