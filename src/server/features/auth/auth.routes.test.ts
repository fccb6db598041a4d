import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import {
  createTechnician,
  createUser,
  signIn,
  TEST_PASSWORD,
} from '../../../../tests/helpers/factories';
import { REGISTERED_MESSAGES } from '@shared/schemas/auth';
import { outbox, serviceRequests, sessions, technicians, users, userTokens } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('POST /api/auth/signin', () => {
  it('signs in and returns { user, message } with an HttpOnly SameSite=Lax session cookie', async () => {
    const u = await createUser(t.app, { role: 'admin' });
    const res = await post('/api/auth/signin', { username: u.username, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user: { id: u.id, role: 'admin', email: u.email },
      message: expect.any(String),
    });
    expect(res.json().user).not.toHaveProperty('passwordHash');
    const cookie = res.cookies.find((c) => c.name === 'wrenchly_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeFalsy();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/current-user',
      headers: { cookie: `wrenchly_session=${cookie.value}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: u.id, role: 'admin', firstName: u.firstName });
  });

  it('accepts the username case-insensitively and the e-mail as login', async () => {
    const u = await createUser(t.app);
    expect(
      (
        await post('/api/auth/signin', {
          username: u.username!.toUpperCase(),
          password: TEST_PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await post('/api/auth/signin', { username: u.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('refuses a wrong password or unknown user with 401 and a message', async () => {
    const u = await createUser(t.app);
    const bad = await post('/api/auth/signin', { username: u.username, password: 'nope' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ message: 'Invalid username or password' });
    const unknown = await post('/api/auth/signin', {
      username: 'ghost-user',
      password: 'whatever',
    });
    expect(unknown.statusCode).toBe(401);
  });

  it('refuses missing fields with 400', async () => {
    const res = await post('/api/auth/signin', { username: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please enter both username and password.');
  });

  it('rotates the session at sign-in: the old cookie stops working', async () => {
    const u = await createUser(t.app);
    const first = await signIn(t.app, u.username!);
    const res = await post(
      '/api/auth/signin',
      { username: u.username, password: TEST_PASSWORD },
      { cookie: first },
    );
    const second = `wrenchly_session=${res.cookies.find((c) => c.name === 'wrenchly_session')!.value}`;
    expect(second).not.toBe(first);
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/auth/current-user',
      headers: { cookie: first },
    });
    expect(old.statusCode).toBe(401);
    const fresh = await t.app.inject({
      method: 'GET',
      url: '/api/auth/current-user',
      headers: { cookie: second },
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('slows guesses from unknown devices per account, the wait growing with the failures', async () => {
    const u = await createUser(t.app);
    const guess = (password = 'wrong') =>
      post('/api/auth/signin', { username: u.username, password });
    for (let i = 0; i < 5; i++) expect((await guess()).statusCode).toBe(401);
    // Five a minute: the sixth, even the right password, waits about a minute.
    const limited = await guess(TEST_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many sign-in attempts/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    t.clock.advance(61_000);
    // Ten in 15 minutes: five more, then the wait is the rest of the quarter hour.
    for (let i = 0; i < 5; i++) expect((await guess()).statusCode).toBe(401);
    t.clock.advance(61_000);
    const longer = await guess(TEST_PASSWORD);
    expect(longer.statusCode).toBe(429);
    expect(Number(longer.headers['retry-after'])).toBeGreaterThan(60);
    t.clock.advance(16 * 60 * 1000);
    expect((await guess(TEST_PASSWORD)).statusCode).toBe(200);
    t.clock.advance(24 * 60 * 60 * 1000);
  });

  it('counts failures per account, whether its username or its e-mail is typed', async () => {
    const u = await createUser(t.app);
    const logins = [u.username!, u.email, u.username!.toUpperCase(), ` ${u.email.toUpperCase()} `];
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/auth/signin', { username: logins[i % 4], password: 'wrong' });
      expect(res.statusCode).toBe(401);
    }
    // The next guess is refused whichever identifier of the account it uses.
    for (const login of [u.email, u.username!]) {
      const res = await post('/api/auth/signin', { username: login, password: TEST_PASSWORD });
      expect(res.statusCode, login).toBe(429);
      expect(res.json().message).toMatch(/Too many sign-in attempts/);
    }
    t.clock.advance(2 * 60 * 1000);
    expect(
      (await post('/api/auth/signin', { username: u.email, password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
    t.clock.advance(24 * 60 * 60 * 1000);
  });

  it('counts an attempt before verifying it: 30 concurrent wrong passwords, at most 5 checked', async () => {
    const u = await createUser(t.app);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/signin',
          remoteAddress: `198.51.100.${100 + i}`,
          payload: { username: u.username, password: 'wrong-password' },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(25);
    expect(codes.every((c) => c === 401 || c === 429)).toBe(true);
    t.clock.advance(24 * 60 * 60 * 1000);
  });

  it('refuses a suspended account at sign-in', async () => {
    const u = await createUser(t.app, { status: 'suspended' });
    const res = await post('/api/auth/signin', { username: u.username, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This account is suspended. Please contact support.');
    expect(res.cookies.find((c) => c.name === 'wrenchly_session')).toBeUndefined();
  });

  it('a session that outlives a suspension reaches nothing', async () => {
    const u = await createUser(t.app);
    const cookie = await signIn(t.app, u.username!);
    // Suspended behind the admin routes' back: the session row is still there.
    await t.app.db.update(users).set({ status: 'suspended' }).where(eq(users.id, u.id));
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/current-user',
      headers: { cookie },
    });
    expect(me.statusCode).toBe(401);
    expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, u.id))).toEqual([]);
  });

  it('rate limits per IP across usernames', async () => {
    const ip = '203.0.113.9';
    let last = 0;
    for (let i = 0; i < 51; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        remoteAddress: ip,
        payload: { username: `nobody${i}`, password: 'x' },
      });
      last = r.statusCode;
    }
    expect(last).toBe(429);
    t.clock.advance(16 * 60 * 1000);
  });

  it('counts failures per IP, not successful sign-ins (many people behind one address)', async () => {
    const ip = '203.0.113.10';
    const u = await createUser(t.app);
    for (let i = 0; i < 60; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        remoteAddress: ip,
        payload: { username: u.username, password: TEST_PASSWORD },
      });
      expect(r.statusCode).toBe(200);
    }
    t.clock.advance(16 * 60 * 1000);
  });
});

describe('sessions', () => {
  it('sign-out deletes the session', async () => {
    const u = await createUser(t.app);
    const cookie = await signIn(t.app, u.username!);
    const out = await post('/api/auth/signout', {}, { cookie });
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/current-user',
      headers: { cookie },
    });
    expect(me.statusCode).toBe(401);
    const left = await t.app.db.select().from(sessions).where(eq(sessions.userId, u.id));
    expect(left).toHaveLength(0);
  });

  it('expires after 30 days of inactivity and slides while used', async () => {
    const u = await createUser(t.app);
    const cookie = await signIn(t.app, u.username!);
    t.clock.advance(20 * 24 * 3600 * 1000);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/current-user', headers: { cookie } }))
        .statusCode,
    ).toBe(200);
    t.clock.advance(20 * 24 * 3600 * 1000); // 40 days after sign-in, 20 after last use
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/current-user', headers: { cookie } }))
        .statusCode,
    ).toBe(200);
    t.clock.advance(31 * 24 * 3600 * 1000);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/current-user', headers: { cookie } }))
        .statusCode,
    ).toBe(401);
  });

  it('current-user is 401 when anonymous', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/current-user' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/auth/register', () => {
  it('creates a pending technician with a profile by default', async () => {
    const res = await post('/api/auth/register', {
      username: 'new.mechanic',
      email: 'New.Mechanic@Example.com',
      password: 'long-enough-pw',
      phone: '(301) 555-0100',
      location: 'Bowie, MD',
      specialties: 'Brakes, Oil Changes, Body Work',
      experience: '7 years',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: REGISTERED_MESSAGES.technician });
    const [user] = await t.app.db.select().from(users).where(eq(users.username, 'new.mechanic'));
    expect(user).toMatchObject({
      role: 'technician',
      status: 'pending',
      email: 'new.mechanic@example.com',
      firstName: 'New',
      lastName: 'Mechanic',
    });
    const [tech] = await t.app.db
      .select()
      .from(technicians)
      .where(eq(technicians.userId, user!.id));
    expect(tech).toMatchObject({
      location: 'Bowie, MD',
      yearsExperience: 7,
      specialties: ['Brake Service', 'Oil Change'],
      isAvailable: false,
    });
    // Registering signed them in: their pages say they await approval.
    const sid = res.cookies.find((c) => c.name === 'wrenchly_session');
    expect(sid).toMatchObject({ httpOnly: true, path: '/' });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/current-user',
      cookies: { wrenchly_session: sid!.value },
    });
    expect(me.json()).toMatchObject({ username: 'new.mechanic', status: 'pending' });
    // A pending technician can sign in.
    expect(
      (await post('/api/auth/signin', { username: 'new.mechanic', password: 'long-enough-pw' }))
        .statusCode,
    ).toBe(200);
  });

  it('creates an approved customer when asked', async () => {
    const res = await post('/api/auth/register', {
      username: 'casey2',
      email: 'casey2@example.com',
      password: 'long-enough-pw',
      accountType: 'customer',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: REGISTERED_MESSAGES.customer });
    const [user] = await t.app.db.select().from(users).where(eq(users.username, 'casey2'));
    expect(user).toMatchObject({ role: 'customer', status: 'approved' });
    expect(
      await t.app.db.select().from(technicians).where(eq(technicians.userId, user!.id)),
    ).toEqual([]);
  });

  it('refuses a taken username with 409 and writes nothing', async () => {
    const u = await createUser(t.app);
    const dupUser = await post('/api/auth/register', {
      username: u.username!.toUpperCase(),
      email: 'other@example.com',
      password: 'long-enough-pw',
    });
    expect(dupUser.statusCode).toBe(409);
    expect(dupUser.json().message).toBe('That username is already taken');
    expect(await t.app.db.select().from(users).where(eq(users.email, 'other@example.com'))).toEqual(
      [],
    );
  });

  it("answers an address that has an account as a new one, creates nothing and tells the address's owner", async () => {
    const u = await createUser(t.app);
    const fresh = await post('/api/auth/register', {
      username: 'never-seen-1',
      email: 'never-seen-1@example.com',
      password: 'long-enough-pw',
      accountType: 'customer',
    });
    const taken = await post('/api/auth/register', {
      username: 'fresh-name',
      email: u.email.toUpperCase(),
      password: 'long-enough-pw',
      accountType: 'customer',
    });
    // The same status and body; the same proof cookie. Only the account made is signed in:
    // the taken address signs no one in, least of all into its owner's account.
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.json()).toEqual(fresh.json());
    const proof = (r: typeof fresh) => {
      const c = r.cookies.find((x) => x.name === 'wrenchly_registration')!;
      return { ...c, value: c.value.length };
    };
    expect(proof(taken)).toEqual(proof(fresh));
    const session = (r: typeof fresh) => r.cookies.find((c) => c.name === 'wrenchly_session');
    expect(session(taken)).toBeUndefined();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/current-user',
      cookies: { wrenchly_session: session(fresh)!.value },
    });
    expect(me.json()).toMatchObject({ username: 'never-seen-1', role: 'customer' });
    expect(await t.app.db.select().from(users).where(eq(users.username, 'fresh-name'))).toEqual([]);
    const [mail] = await t.app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, u.email), eq(outbox.template, 'account_exists')));
    expect(mail?.subject).toBe('You already have a Wrenchly account');
    expect(mail?.textBody).toContain(`username ${u.username}`);
    // With a link to choose a new password, should they have forgotten theirs.
    expect(mail?.textBody).toMatch(/\/set-password#token=[\w%-]+/);
    // The owner's mailbox is not flooded: three such e-mails an hour.
    for (let i = 0; i < 4; i++)
      expect(
        (
          await post('/api/auth/register', {
            username: `again-${i}`,
            email: u.email,
            password: 'long-enough-pw',
          })
        ).statusCode,
      ).toBe(201);
    const told = await t.app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.toAddress, u.email), eq(outbox.template, 'account_exists')));
    expect(told).toHaveLength(3);
  });

  it('validates with clear messages', async () => {
    const res = await post('/api/auth/register', {
      username: 'ab',
      email: 'not-an-email',
      password: 'short',
    });
    expect(res.statusCode).toBe(400);
    const paths = res.json().issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['username', 'email', 'password']));
  });

  it('applies the password rule of reset and admin:create, and writes nothing', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ password: 'password' }, 'This password is too common: choose another one'],
      [{ password: 'Password123' }, 'This password is too common: choose another one'],
      [
        { username: 'weak.casey', password: 'my-weak.casey-pw' },
        'The password must not contain the username or e-mail address',
      ],
      [
        { email: 'casey.weak@example.com', password: 'casey.weak!2026' },
        'The password must not contain the username or e-mail address',
      ],
      [{ password: 'aaaaaaaaaaaa' }, 'The password needs more different characters'],
    ];
    for (const [over, message] of cases) {
      for (const accountType of ['customer', 'technician']) {
        const res = await post('/api/auth/register', {
          username: 'weak.casey',
          email: 'weak.casey@example.com',
          accountType,
          ...over,
        });
        expect(res.statusCode, over.password).toBe(400);
        expect(res.json().message, over.password).toBe(message);
      }
    }
    const rows = await t.app.db.select().from(users).where(eq(users.username, 'weak.casey'));
    expect(rows).toEqual([]);
  });

  it('never takes over a guest record: the guest stays separate until the address is proven', async () => {
    const [guest] = await t.app.db
      .insert(users)
      .values({
        email: 'guest1@example.com',
        role: 'customer',
        status: 'approved',
        isGuest: true,
        firstName: 'G',
        lastName: 'Uest',
      })
      .returning();
    const res = await post('/api/auth/register', {
      username: 'guest1',
      email: 'guest1@example.com',
      password: 'long-enough-pw',
      accountType: 'customer',
    });
    expect(res.statusCode).toBe(201);
    const [account] = await t.app.db.select().from(users).where(eq(users.username, 'guest1'));
    expect(account!.id).not.toBe(guest!.id);
    const [stillGuest] = await t.app.db.select().from(users).where(eq(users.id, guest!.id));
    expect(stillGuest).toMatchObject({ isGuest: true, passwordHash: null, username: null });
  });

  it('limits registrations per IP with 429', async () => {
    const ip = '203.0.113.77';
    const register = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: ip,
        payload: {
          username: `ratelimited${i}`,
          email: `ratelimited${i}@example.com`,
          password: 'long-enough-pw',
          accountType: 'customer',
        },
      });
    for (let i = 0; i < 20; i++) expect((await register(i)).statusCode).toBe(201);
    const limited = await register(20);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(
      /^Too many accounts were created from this network\. Please try again in \d+ minutes?\.$/,
    );
    const rows = await t.app.db.select().from(users).where(eq(users.username, 'ratelimited20'));
    expect(rows).toHaveLength(0);
    t.clock.advance(61 * 60 * 1000);
    expect((await register(21)).statusCode).toBe(201);
  });
});

const verificationToken = async (email: string) => {
  const mails = await t.app.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.toAddress, email), eq(outbox.template, 'verify_email')))
    .orderBy(desc(outbox.id));
  const m = /\/verify-email#token=([\w%-]+)/.exec(mails[0]?.textBody ?? '');
  if (!m) throw new Error(`no verification link mailed to ${email}`);
  return decodeURIComponent(m[1]!);
};

describe('concurrent registrations', () => {
  it('one address, many parallel registrations: one account, the same answer to all', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          remoteAddress: `198.51.100.${200 + i}`,
          payload: {
            username: `parallel${i}`,
            email: 'parallel@example.com',
            password: 'long-enough-pw',
            accountType: 'customer',
          },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(
      await t.app.db.select().from(users).where(eq(users.email, 'parallel@example.com')),
    ).toHaveLength(1);
  });
});

describe('e-mail verification', () => {
  const serviceRequest = (email: string) =>
    post('/api/service-requests', {
      serviceType: 'Brake Service',
      description: 'Grinding noise from the front wheels when braking, for a week now.',
      urgency: 'high',
      location: 'Bowie, MD',
      customerName: 'Pat Doe',
      vehicleInfo: '2019 Ford Focus',
      customerEmail: email,
    });

  it('registration mails a single-use link; only following it claims the guest requests', async () => {
    const email = 'claimer@example.com';
    const first = await serviceRequest(email);
    expect(first.statusCode).toBe(201);
    const guestId = first.json().customerId;

    const reg = await post('/api/auth/register', {
      username: 'claimer',
      email,
      password: 'long-enough-pw',
      accountType: 'customer',
    });
    expect(reg.statusCode).toBe(201);
    const [account] = await t.app.db.select().from(users).where(eq(users.username, 'claimer'));
    const accountId = account!.id;
    expect(accountId).not.toBe(guestId);

    // Until verified, the account works but owns none of the guest's requests.
    const second = await serviceRequest(email);
    expect(second.json().customerId).toBe(guestId);
    const owned = () =>
      t.app.db.select().from(serviceRequests).where(eq(serviceRequests.customerId, accountId));
    expect(await owned()).toHaveLength(0);
    const [before] = await t.app.db.select().from(users).where(eq(users.id, accountId));
    expect(before!.emailVerifiedAt).toBeNull();

    const token = await verificationToken(email);
    const tokens = await t.app.db.select().from(userTokens).where(eq(userTokens.userId, accountId));
    expect(tokens.map((x) => x.tokenHash)).not.toContain(token);
    const verified = await post('/api/auth/verify-email', { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({
      message:
        'Your e-mail address is confirmed. 2 earlier service requests were added to your account.',
      claimedRequests: 2,
      // Opened without the registering browser's cookie: confirmed, not signed in.
      signedIn: false,
    });
    expect(verified.cookies.find((c) => c.name === 'wrenchly_session')).toBeUndefined();
    expect(await owned()).toHaveLength(2);
    expect(await t.app.db.select().from(users).where(eq(users.id, guestId))).toHaveLength(0);
    const [after] = await t.app.db.select().from(users).where(eq(users.id, accountId));
    expect(after!.emailVerifiedAt).not.toBeNull();

    const reused = await post('/api/auth/verify-email', { token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('This confirmation link is invalid or has expired');
  });

  it('signs the person in when the link is opened in the browser that registered, and only there', async () => {
    const register = (username: string, email: string) =>
      post('/api/auth/register', {
        username,
        email,
        password: 'long-enough-pw',
        accountType: 'customer',
      });
    const reg = await register('samebrowser', 'samebrowser@example.com');
    expect(reg.statusCode).toBe(201);
    const proof = reg.cookies.find((c) => c.name === 'wrenchly_registration');
    expect(proof).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    const token = await verificationToken('samebrowser@example.com');

    // Another browser's cookie (from its own registration) does not open this account.
    const other = await register('otherbrowser', 'otherbrowser@example.com');
    const otherProof = other.cookies.find((c) => c.name === 'wrenchly_registration')!.value;
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token },
      cookies: { wrenchly_registration: otherProof },
    });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json().signedIn).toBe(false);
    expect(wrong.cookies.find((c) => c.name === 'wrenchly_session')).toBeUndefined();

    // The registering browser, with a fresh link (the first is used up).
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: await verificationToken('otherbrowser@example.com') },
      cookies: { wrenchly_registration: otherProof },
    });
    expect(again.json()).toMatchObject({ signedIn: true });
    const sid = again.cookies.find((c) => c.name === 'wrenchly_session');
    expect(sid?.value).toBeTruthy();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/current-user',
      cookies: { wrenchly_session: sid!.value },
    });
    expect(me.json()).toMatchObject({ username: 'otherbrowser', role: 'customer' });
    // The proof is spent with the link.
    expect(again.cookies.find((c) => c.name === 'wrenchly_registration')?.value).toBe('');
  });

  it('gives an address that already has an account a proof cookie like any other, which signs no one in', async () => {
    const first = await post('/api/auth/register', {
      username: 'owner1',
      email: 'owned@example.com',
      password: 'long-enough-pw',
      accountType: 'customer',
    });
    const second = await post('/api/auth/register', {
      username: 'intruder1',
      email: 'owned@example.com',
      password: 'long-enough-pw',
      accountType: 'customer',
    });
    expect(second.statusCode).toBe(201);
    const a = first.cookies.find((c) => c.name === 'wrenchly_registration')!;
    const b = second.cookies.find((c) => c.name === 'wrenchly_registration')!;
    expect(b.value).toMatch(/^[\w-]{43}$/);
    expect(b.value.length).toBe(a.value.length);
    expect({ ...b, value: '' }).toEqual({ ...a, value: '' });
    // The owner's link, opened in the intruder's browser: confirmed, nobody signed in.
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: await verificationToken('owned@example.com') },
      cookies: { wrenchly_registration: b.value },
    });
    expect(opened.json().signedIn).toBe(false);
  });

  it('refuses a made-up or expired link and never takes the token in a path', async () => {
    expect((await post('/api/auth/verify-email', { token: 'nope' })).statusCode).toBe(400);
    const reg = await post('/api/auth/register', {
      username: 'slowpoke',
      email: 'slowpoke@example.com',
      password: 'long-enough-pw',
      accountType: 'customer',
    });
    expect(reg.statusCode).toBe(201);
    const token = await verificationToken('slowpoke@example.com');
    t.clock.advance(49 * 3600 * 1000);
    expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(400);
  });

  it('a signed-in user can ask for a new link', async () => {
    const reg = await post('/api/auth/register', {
      username: 'resender',
      email: 'resender@example.com',
      password: 'long-enough-pw',
      accountType: 'customer',
    });
    expect(reg.statusCode).toBe(201);
    const cookie = await signIn(t.app, 'resender', 'long-enough-pw');
    const res = await post('/api/auth/verify-email/resend', {}, { cookie });
    expect(res.statusCode).toBe(200);
    const token = await verificationToken('resender@example.com');
    expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(200);
    const again = await post('/api/auth/verify-email/resend', {}, { cookie });
    expect(again.statusCode).toBe(409);
    expect((await post('/api/auth/verify-email/resend', {})).statusCode).toBe(401);
  });
});

describe('cross-site writes', () => {
  it('refuses a write whose Origin is another site', async () => {
    const u = await createUser(t.app);
    const res = await post(
      '/api/auth/signin',
      { username: u.username, password: TEST_PASSWORD },
      { origin: 'https://evil.example', host: 'localhost:5000' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Cross-site request refused');
    const cookie = await signIn(t.app, u.username!);
    const out = await post('/api/auth/signout', {}, { cookie, 'sec-fetch-site': 'cross-site' });
    expect(out.statusCode).toBe(403);
  });

  it('judges the route, not the text of the URL: an encoded /api path is refused too', async () => {
    const { user } = await createTechnician(t.app, { plan: 'Premium' });
    const cookie = await signIn(t.app, user.username!);
    const before = (
      await t.app.inject({ method: 'GET', url: '/api/subscriptions/current', headers: { cookie } })
    ).json();
    for (const url of ['/%61pi/subscriptions/cancel', '/api/subscriptions/%63ancel']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: 'cancel',
        headers: {
          cookie,
          origin: 'https://evil.example',
          host: 'localhost:5000',
          'content-type': 'text/plain',
        },
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('Cross-site request refused');
    }
    // The subscription was not touched.
    const current = () =>
      t.app.inject({ method: 'GET', url: '/api/subscriptions/current', headers: { cookie } });
    expect((await current()).json()).toEqual(before);
  });

  it('allows a same-origin write', async () => {
    const u = await createUser(t.app);
    const res = await post(
      '/api/auth/signin',
      { username: u.username, password: TEST_PASSWORD },
      { origin: 'http://localhost:5000', host: 'localhost:5000' },
    );
    expect(res.statusCode).toBe(200);
  });
});

describe('demo role override', () => {
  it('shows the demo account of the role in demo mode only', async () => {
    await createUser(t.app, { username: 'admin', role: 'admin', email: 'demo-admin@example.com' });
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/current-user?role=admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'admin', role: 'admin' });
  });

  it('pending technicians can sign in and are told so by technician APIs', async () => {
    const { user } = await createTechnician(t.app, { status: 'pending' });
    const cookie = await signIn(t.app, user.username!);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/current-user',
      headers: { cookie },
    });
    expect(me.json()).toMatchObject({ role: 'technician', status: 'pending' });
  });
});
