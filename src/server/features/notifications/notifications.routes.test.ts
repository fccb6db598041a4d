import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testConfig, type TestApp } from '../../../../tests/helpers/build-test-app';
import { createTechnician, createUser, signIn } from '../../../../tests/helpers/factories';
import { startPushStandIn } from '../../../../tests/helpers/push-stand-in';
import { buildApp } from '../../app';
import { ConfigError, loadConfig } from '../../config';
import { appSettings, outbox, pushSubscriptions } from '../../db/schema';
import { MAX_DEVICES, pushServiceAllowed } from './notifications.service';

let t: TestApp;
let push: Awaited<ReturnType<typeof startPushStandIn>>;
let tech: { id: number; cookie: string };
let other: { id: number; cookie: string };

beforeAll(async () => {
  t = await buildTestApp();
  push = await startPushStandIn();
  const a = await createTechnician(t.app);
  const b = await createTechnician(t.app);
  tech = { id: a.technician.id, cookie: await signIn(t.app, a.user.username!) };
  other = { id: b.technician.id, cookie: await signIn(t.app, b.user.username!) };
});
afterAll(async () => {
  await t.close();
  await push.close();
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who?: { cookie: string },
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const browserSubscription = () => {
  const s = push.subscribe();
  return { endpoint: s.endpoint, expirationTime: null, keys: s.keys };
};

describe('push configuration and VAPID keys', () => {
  it('serves the public key to anyone; the pair is made once and kept in the database', async () => {
    const res = await call('GET', '/api/push/config');
    expect(res.statusCode).toBe(200);
    const { enabled, publicKey } = res.json() as { enabled: boolean; publicKey: string };
    expect(enabled).toBe(true);
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const stored = await t.app.db.select().from(appSettings).where(eq(appSettings.key, 'vapid'));
    expect(stored).toHaveLength(1);
    // Another instance on the same database signs with the same pair.
    const second = await buildApp(testConfig(), { database: t.database, backgroundJobs: false });
    expect(second.vapid?.publicKey).toBe(publicKey);
    await second.close();
  });

  it('uses the keys from the environment, and refuses a production start without them', async () => {
    const secret = 'x'.repeat(40);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: secret })).not.toThrow();
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: secret }).push.enabled).toBe(false);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SESSION_SECRET: secret, PUSH_ENABLED: 'true' }),
    ).toThrow(ConfigError);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'abc' })).toThrow(/set both or neither/);
    const c = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: secret,
      VAPID_PUBLIC_KEY: 'pub',
      VAPID_PRIVATE_KEY: 'priv',
      VAPID_SUBJECT: 'mailto:ops@example.com',
    });
    expect(c.push).toMatchObject({ enabled: true, vapidSubject: 'mailto:ops@example.com' });
  });

  it('says push is off when it is disabled', async () => {
    const off = await buildTestApp({
      config: { push: { ...testConfig().push, enabled: false } },
    });
    const res = await off.app.inject({ method: 'GET', url: '/api/push/config' });
    expect(res.json()).toEqual({ enabled: false, publicKey: null });
    await off.close();
  });
});

/** `n` different 3-byte characters: text that neither compresses nor fits an index row. */
const cjk = (n: number) =>
  Array.from({ length: n }, (_, i) => String.fromCodePoint(0x4e00 + ((i * 7919) % 20000))).join('');

describe('push subscriptions per device', () => {
  it('stores several devices per technician, one row per endpoint, and removes them', async () => {
    const phone = browserSubscription();
    const laptop = browserSubscription();
    const a = await call('POST', '/api/push/subscriptions', tech, {
      ...phone,
      deviceLabel: 'Chrome on Android',
    });
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject({ endpoint: phone.endpoint, deviceLabel: 'Chrome on Android' });
    const again = await call('POST', '/api/push/subscriptions', tech, phone);
    expect(again.json().id).toBe(a.json().id);
    await call('POST', '/api/push/subscriptions', tech, laptop);
    const list = await call('GET', '/api/push/subscriptions', tech);
    expect(
      list
        .json()
        .map((s: { endpoint: string }) => s.endpoint)
        .sort(),
    ).toEqual([phone.endpoint, laptop.endpoint].sort());
    // Another technician cannot see or remove them.
    expect((await call('GET', '/api/push/subscriptions', other)).json()).toEqual([]);
    expect((await call('DELETE', `/api/push/subscriptions/${a.json().id}`, other)).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/push/subscriptions/${a.json().id}`, tech)).statusCode).toBe(
      204,
    );
    expect((await call('GET', '/api/push/subscriptions', tech)).json()).toHaveLength(1);
  });

  it('moves an endpoint to the account that subscribed with it last', async () => {
    const shared = browserSubscription();
    await call('POST', '/api/push/subscriptions', tech, shared);
    await call('POST', '/api/push/subscriptions', other, shared);
    const rows = await t.app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, shared.endpoint));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.technicianId).toBe(other.id);
  });

  it("does not hand the previous account's queued pushes to the account that took the device", async () => {
    const device = browserSubscription();
    const mine = (await call('POST', '/api/push/subscriptions', tech, device)).json();
    // A job push for `tech` still queued (say, waiting for a retry) when `other` signs in there.
    const [queued] = await t.app.outbox.enqueue(t.app.db, {
      channel: 'push',
      to: `subscription:${mine.id}`,
      template: 'test_push',
      subject: 'For tech only',
      text: 'For tech only',
      payload: { subscriptionId: mine.id, message: { kind: 'job', title: 'For tech only' } },
    });
    const taken = await call('POST', '/api/push/subscriptions', other, device);
    expect(taken.statusCode).toBe(201);
    await t.app.outbox.drain();
    expect(push.for(device)).toEqual([]);
    const [row] = await t.app.db.select().from(outbox).where(eq(outbox.id, queued!));
    expect(row).toMatchObject({ status: 'canceled', lastError: 'The device unsubscribed' });
    // `other`'s own pushes reach the device.
    await t.app.outbox.enqueue(t.app.db, {
      channel: 'push',
      to: `subscription:${taken.json().id}`,
      template: 'test_push',
      subject: 'For other',
      text: 'For other',
      payload: { subscriptionId: taken.json().id, message: { kind: 'job', title: 'For other' } },
    });
    await t.app.outbox.drain();
    expect(push.for(device).map((p) => p.message.title)).toEqual(['For other']);
  });

  it(`keeps the newest ${MAX_DEVICES} devices`, async () => {
    const u = await createTechnician(t.app);
    const who = { cookie: await signIn(t.app, u.user.username!) };
    for (let i = 0; i < MAX_DEVICES + 2; i++)
      expect(
        (await call('POST', '/api/push/subscriptions', who, browserSubscription())).statusCode,
      ).toBe(201);
    expect((await call('GET', '/api/push/subscriptions', who)).json()).toHaveLength(MAX_DEVICES);
  });

  // Each request on its own connection on PostgreSQL (where this race can happen); a smoke run
  // on the single-connection embedded database.
  it(`keeps at most ${MAX_DEVICES} devices when they subscribe at the same moment`, async () => {
    const trials = process.env.TEST_DATABASE_URL ? 5 : 1;
    for (let trial = 0; trial < trials; trial++) {
      const u = await createTechnician(t.app);
      const cookie = await signIn(t.app, u.user.username!);
      const results = await Promise.all(
        Array.from({ length: MAX_DEVICES + 5 }, () =>
          t.app.inject({
            method: 'POST',
            url: '/api/push/subscriptions',
            headers: { cookie },
            remoteAddress: `198.51.100.${100 + trial}`,
            payload: browserSubscription(),
          }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 201));
      const rows = await t.app.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.technicianId, u.technician.id));
      expect(rows, `trial ${trial}`).toHaveLength(MAX_DEVICES);
    }
  });

  it("accepts only the browsers' push services (local ones outside production)", async () => {
    const keys = browserSubscription().keys;
    const cases: [string, boolean][] = [
      ['https://fcm.googleapis.com/fcm/send/abc:def', true],
      ['https://updates.push.services.mozilla.com/wpush/v2/gAAA', true],
      ['https://web.push.apple.com/QAbc', true],
      ['https://db5p.notify.windows.com/w/?token=AwY', true],
      ['https://evil.example.com/push/1', false],
      ['https://fcm.googleapis.com.evil.example.com/x', false],
      ['http://fcm.googleapis.com/fcm/send/x', false],
      ['http://169.254.169.254/latest/meta-data', false],
      ['http://10.0.0.5:8080/internal', false],
    ];
    for (const [endpoint, ok] of cases) {
      // From its own address: the route's per-address limit is not what is tested here.
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: { cookie: tech.cookie },
        remoteAddress: '198.51.100.14',
        payload: { endpoint, keys },
      });
      expect(res.statusCode, endpoint).toBe(ok ? 201 : 400);
      if (!ok) expect(res.json().message).toBe("This browser's push service is not supported");
    }
    const production = { ...testConfig().push, allowLocalEndpoints: false };
    expect(pushServiceAllowed(browserSubscription().endpoint, production)).toBe(false);
    expect(pushServiceAllowed(browserSubscription().endpoint, testConfig().push)).toBe(true);
    expect(
      pushServiceAllowed('https://push.example.net/x', {
        ...production,
        endpointHosts: [...production.endpointHosts, 'push.example.net'],
      }),
    ).toBe(true);
  });

  it('refuses bad subscriptions with 400 and customers with 403', async () => {
    const good = browserSubscription();
    const bad = [
      {},
      { ...good, endpoint: 'ftp://push.example.com/x' },
      { ...good, endpoint: 'not a url' },
      { ...good, endpoint: `https://push.example.com/${'x'.repeat(2100)}` },
      { ...good, endpoint: 'https://push.example.com/\u0000' },
      // 2048 characters of 3 bytes each: more than the unique index holds (was a 500).
      { ...good, endpoint: `${good.endpoint}/${cjk(2000)}` },
      { ...good, endpoint: `${good.endpoint}/a b` },
      { ...good, keys: { p256dh: 'short', auth: good.keys.auth } },
      { ...good, keys: { p256dh: good.keys.p256dh, auth: 'a b c d e f g h i j k l m' } },
      { ...good, keys: undefined },
      { ...good, keys: { p256dh: 'A'.repeat(101), auth: good.keys.auth } },
      { ...good, keys: { p256dh: good.keys.p256dh, auth: 'A'.repeat(33) } },
      { ...good, keys: 'p256dh' },
      { ...good, endpoint: 12 },
      { ...good, expirationTime: 'soon' },
      { ...good, deviceLabel: 'x'.repeat(101) },
      { ...good, deviceLabel: 'Phone\u0000' },
      [],
    ];
    for (const [i, body] of bad.entries()) {
      // From its own address: the route's per-address limit is not what is tested here.
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: { cookie: tech.cookie },
        remoteAddress: '198.51.100.15',
        payload: body as object,
      });
      expect(res.statusCode, `case ${i}`).toBe(400);
    }
    expect((await call('DELETE', '/api/push/subscriptions/2147483648', tech)).statusCode).toBe(400);
    expect((await call('DELETE', '/api/push/subscriptions/2147483647', tech)).statusCode).toBe(404);
    expect((await call('POST', '/api/push/subscriptions', tech)).statusCode).toBe(400);
    const customer = await createUser(t.app, { role: 'customer' });
    const c = { cookie: await signIn(t.app, customer.username!) };
    expect((await call('POST', '/api/push/subscriptions', c, good)).statusCode).toBe(403);
    expect((await call('POST', '/api/push/subscriptions', undefined, good)).statusCode).toBe(401);
  });
});

describe('notification settings', () => {
  const settings = {
    push: true,
    email: true,
    sms: false,
    smsPhone: null,
    quietHours: { enabled: false, start: '21:00', end: '07:00' },
    timeZone: 'America/New_York',
    invoiceReminders: true,
  };

  it('starts from the defaults: push and e-mail on, SMS off, no quiet hours, invoice reminders on', async () => {
    const res = await call('GET', '/api/technicians/me/notification-settings', tech);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(settings);
  });

  it('normalises the SMS phone to E.164 and keeps the choices', async () => {
    const res = await call('PUT', '/api/technicians/me/notification-settings', tech, {
      ...settings,
      sms: true,
      smsPhone: '(202) 555-0142',
      quietHours: { enabled: true, start: '22:30', end: '06:15' },
      timeZone: 'America/Chicago',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      sms: true,
      smsPhone: '+12025550142',
      quietHours: { enabled: true, start: '22:30', end: '06:15' },
      timeZone: 'America/Chicago',
    });
    expect((await call('GET', '/api/technicians/me/notification-settings', tech)).json()).toEqual(
      res.json(),
    );
    expect((await call('GET', '/api/technicians/me/notification-settings', other)).json()).toEqual(
      settings,
    );
  });

  it('stores a time zone by its canonical name, however it was spelled', async () => {
    for (const [typed, stored] of [
      ['america/chicago', 'America/Chicago'],
      ['US/Pacific', 'America/Los_Angeles'],
      [' America/Denver ', 'America/Denver'],
    ]) {
      const res = await call('PUT', '/api/technicians/me/notification-settings', tech, {
        ...settings,
        timeZone: typed,
      });
      expect(res.statusCode, typed).toBe(200);
      expect(res.json().timeZone, typed).toBe(stored);
    }
  });

  it('refuses what cannot work, naming the field', async () => {
    const put = (body: object) =>
      call('PUT', '/api/technicians/me/notification-settings', tech, { ...settings, ...body });
    const noPhone = await put({ sms: true, smsPhone: '' });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().issues[0]).toMatchObject({
      path: 'smsPhone',
      message: 'Add a mobile phone number to receive SMS',
    });
    const badPhone = await put({ sms: true, smsPhone: '555-12' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json()).toMatchObject({
      message: 'Enter a US phone number, like (301) 555-0199',
    });
    expect(
      (await put({ quietHours: { enabled: true, start: '25:00', end: '07:00' } })).statusCode,
    ).toBe(400);
    for (const start of ['24:00', '7:00', '07:60', '07:00:00', '', 700])
      expect(
        (await put({ quietHours: { enabled: true, start, end: '07:00' } })).statusCode,
        String(start),
      ).toBe(400);
    for (const smsPhone of [
      '2'.repeat(31),
      '+999 555 0142',
      '+44 20 7946 0958',
      'call me',
      12025550142,
    ])
      expect((await put({ sms: true, smsPhone })).statusCode, String(smsPhone)).toBe(400);
    expect((await put({ timeZone: 'Mars/Olympus' })).statusCode).toBe(400);
    expect((await put({ timeZone: '' })).statusCode).toBe(400);
    expect((await put({ timeZone: 'America/Chicago\u0000' })).statusCode).toBe(400);
    expect((await put({ smsPhone: '202\u0000555' })).statusCode).toBe(400);
    expect((await put({ push: 'yes' })).statusCode).toBe(400);
  });
});
