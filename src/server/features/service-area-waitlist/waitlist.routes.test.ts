import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { createUser, signIn } from '../../../../tests/helpers/factories';
import { WAITLIST_CONSENT_TEXT, WAITLIST_MESSAGES } from '@shared/schemas/service-area-waitlist';
import { serviceAreaWaitlist } from '../../db/schema';

let t: TestApp;
let adminCookie: string;
let customerCookie: string;
beforeAll(async () => {
  t = await buildTestApp();
  const admin = await createUser(t.app, { role: 'admin' });
  adminCookie = await signIn(t.app, admin.username!);
  const customer = await createUser(t.app, { role: 'customer' });
  customerCookie = await signIn(t.app, customer.username!);
});
afterAll(() => t.close());

let ip = 0;
/** Each call from its own address unless told otherwise (the list takes five an hour from one). */
const join = (payload: object, remoteAddress = `10.9.0.${++ip}`) =>
  t.app.inject({ method: 'POST', url: '/api/service-area/waitlist', payload, remoteAddress });
const rows = () => t.app.db.select().from(serviceAreaWaitlist);

describe('POST /api/service-area/waitlist', () => {
  it('keeps the address, the place and the consent, and answers the same the second time', async () => {
    const first = await join({ email: ' Pat@Example.com ', location: '90210', consent: true });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({
      message: WAITLIST_MESSAGES.saved('pat@example.com', 'Beverly Hills, CA'),
    });
    const again = await join({
      email: 'pat@example.com',
      location: 'Beverly Hills, CA 90210',
      consent: true,
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const [row, ...more] = await rows();
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({
      email: 'pat@example.com',
      place: 'Beverly Hills, CA 90210',
      zip: '90210',
      state: 'CA',
      consentText: WAITLIST_CONSENT_TEXT,
    });
  });

  it('refuses without consent, for a place already served, and for an unknown place, writing nothing', async () => {
    const before = (await rows()).length;
    const noConsent = await join({ email: 'a@example.com', location: 'Richmond, VA' });
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().message).toBe(WAITLIST_MESSAGES.consent);
    const unticked = await join({
      email: 'a@example.com',
      location: 'Richmond, VA',
      consent: false,
    });
    expect(unticked.statusCode).toBe(400);
    const served = await join({ email: 'a@example.com', location: '20715', consent: true });
    expect(served.statusCode).toBe(400);
    expect(served.json().message).toBe(WAITLIST_MESSAGES.alreadyServed('Bowie, MD'));
    const unknown = await join({ email: 'a@example.com', location: '00000', consent: true });
    expect(unknown.statusCode).toBe(400);
    const badEmail = await join({ email: 'not-an-email', location: '90210', consent: true });
    expect(badEmail.statusCode).toBe(400);
    expect((await rows()).length).toBe(before);
  });

  it('takes five an hour from one address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push(
        (await join({ email: `n${i}@example.com`, location: '10001', consent: true }, '10.8.0.1'))
          .statusCode,
      );
    expect(codes).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe('the list for admins', () => {
  it('lists and exports it as CSV, with a formula in an address made harmless', async () => {
    await join({ email: '+cmd@example.com', location: '23219', consent: true });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/service-area-waitlist',
      headers: { cookie: adminCookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()[0]).toMatchObject({
      email: '+cmd@example.com',
      place: 'Richmond, VA 23219',
    });

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/service-area-waitlist.csv',
      headers: { cookie: adminCookie },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="service-area-waitlist.csv"',
    );
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('Email,Place,ZIP,State,Consent,Consented at (UTC)');
    expect(lines[1]).toMatch(
      /^'\+cmd@example\.com,"Richmond, VA 23219",23219,VA,E-mail me when Wrenchly serves my area\.,\d{4}-/,
    );
    expect(lines).toContain(lines.find((l) => l.startsWith('pat@example.com,')));
  });

  it('is for admins only', async () => {
    for (const url of [
      '/api/admin/service-area-waitlist',
      '/api/admin/service-area-waitlist.csv',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect(
        (await t.app.inject({ method: 'GET', url, headers: { cookie: customerCookie } }))
          .statusCode,
      ).toBe(403);
    }
  });
});
