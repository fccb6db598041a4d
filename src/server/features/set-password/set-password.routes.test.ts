import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../../../tests/helpers/factories';
import {
  approvedApplicant,
  setPasswordTokenFromMail,
  buildUploadTestApp,
} from '../../../../tests/helpers/onboarding-factories';

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
  t.app.inject({ method: 'GET', url: `/api/auth/set-password/${encodeURIComponent(token)}` });
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

  it('refuses a made-up token', async () => {
    expect((await setPassword('nope')).json().message).toBe(INVALID);
    expect((await check('nope')).statusCode).toBe(400);
    expect((await setPassword('')).statusCode).toBe(400);
  });
});
