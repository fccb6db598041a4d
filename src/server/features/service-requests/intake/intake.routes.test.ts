import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../tests/helpers/build-test-app';
import { createTechnician, createUser, signIn } from '../../../../../tests/helpers/factories';
import { composeServiceDescription } from '@shared/schemas/service-requests';
import { jobNotifications, outbox, serviceRequests, users, vehicles } from '../../../db/schema';
import { requestLinkKind } from '../../../domain/request-links';
import { serviceAreaToday } from '../../../domain/customers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const description = composeServiceDescription({
  problem: 'Grinding noise from the front wheels when braking.',
  vehicle: '2018 Honda Civic',
  mileage: '',
});
/** The form of earlier versions: the contact merged into the text as lines. */
const withContactLines = (email: string) =>
  [
    'Grinding noise from the front wheels when braking.',
    '',
    'Customer: Jordan Lee',
    `Email: ${email}`,
    'Phone: (301) 555-0142',
    'Vehicle: 2018 Honda Civic',
    'Mileage: Not specified',
  ].join('\n');
const form = {
  customerId: 1,
  serviceType: 'Brake Service',
  description,
  urgency: 'high',
  location: 'Bowie, MD',
  preferredDate: null,
  customerName: 'Jordan Lee',
  customerEmail: 'jordan@example.com',
};
const post = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/service-requests', payload, headers });

describe('POST /api/service-requests', () => {
  it("echoes on the request's page what the customer said: urgency, preferred date and the mileage typed", async () => {
    const res = await post({
      ...form,
      description: composeServiceDescription({
        problem: 'Grinding noise from the front wheels when braking.',
        vehicle: '2018 Honda Civic',
        mileage: '61,250',
      }),
      preferredDate: '2031-05-14',
      customerEmail: 'echo@example.com',
    });
    expect(res.statusCode, res.body).toBe(201);
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/service-${res.json().requestPath.slice(1)}`,
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      urgency: 'high',
      preferredDate: '2031-05-14',
      mileage: 61250,
      problem: 'Grinding noise from the front wheels when braking.',
    });
  });

  it('stores an anonymous request linked to a guest customer found or created by e-mail', async () => {
    const res = await post(form);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      serviceType: 'Brake Service',
      urgency: 'high',
      location: 'Bowie, MD',
      status: 'unmatched',
      notifiedTechnicians: 0,
    });
    expect(body.description).toContain('Mileage: Not specified');
    expect(body.description).not.toMatch(/^(Customer|Email|Phone):/m);
    const [customer] = await t.app.db.select().from(users).where(eq(users.id, body.customerId));
    expect(customer).toMatchObject({
      email: 'jordan@example.com',
      isGuest: true,
      role: 'customer',
      firstName: 'Jordan',
      lastName: 'Lee',
    });
    // The spec's fixed customerId 1 is ignored; the second request reuses the guest.
    const again = await post(form);
    expect(again.json().customerId).toBe(body.customerId);
    const [row] = await t.app.db
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.id, body.id));
    expect(row!.latitude).toBeCloseTo(38.94, 1);
  });

  it('moves contact lines out of the description into the contact fields', async () => {
    const { customerName: _n, customerEmail: _e, ...bare } = form;
    const res = await post({ ...bare, description: withContactLines('jordan.lines@example.com') });
    expect(res.statusCode).toBe(201);
    const [customer] = await t.app.db
      .select()
      .from(users)
      .where(eq(users.id, res.json().customerId));
    expect(customer!.email).toBe('jordan.lines@example.com');
    const [row] = await t.app.db
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.id, res.json().id));
    expect(row).toMatchObject({
      description:
        'Grinding noise from the front wheels when braking.\n\nVehicle: 2018 Honda Civic\nMileage: Not specified',
      contactName: 'Jordan Lee',
      contactEmail: 'jordan.lines@example.com',
      // In E.164, as every phone is stored.
      contactPhone: '+13015550142',
    });
    // With the fields given too, the lines still leave the text.
    const both = await post({ ...form, description: withContactLines('jordan@example.com') });
    expect(both.json().description).not.toMatch(/^(Customer|Email|Phone):/m);
  });

  it('links the signed-in customer', async () => {
    const u = await createUser(t.app, { role: 'customer' });
    const cookie = await signIn(t.app, u.username!);
    const { customerEmail: _e, ...noEmail } = form;
    const res = await post(noEmail, { cookie });
    expect(res.statusCode).toBe(201);
    expect(res.json().customerId).toBe(u.id);
  });

  it('e-mails a guest the signed way back to the request at once, once per request', async () => {
    const res = await post({ ...form, customerEmail: 'guest.confirm@example.com' });
    expect(res.statusCode).toBe(201);
    const { id, reference } = res.json();
    const mails = await t.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.idempotencyKey, `request_received:${id}`));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail).toMatchObject({
      toAddress: 'guest.confirm@example.com',
      template: 'request_received',
    });
    expect(mail.subject).toContain(reference);
    const text = mail.textBody;
    expect(text).toContain('What happens next');
    const token = text.match(new RegExp(`/requests/${reference}\\?t=([A-Za-z0-9_-]{43})`))?.[1];
    expect(requestLinkKind(t.app.config.sessionSecret, id, token)).not.toBeNull();
    // The link opens the request without a session.
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/service-requests/${reference}?t=${token}`,
    });
    expect(page.statusCode).toBe(200);
  });

  it('e-mails a signed-in customer the plain page link', async () => {
    const u = await createUser(t.app, { role: 'customer' });
    const cookie = await signIn(t.app, u.username!);
    const { customerEmail: _e, ...noEmail } = form;
    const res = await post(noEmail, { cookie });
    expect(res.statusCode).toBe(201);
    const [mail] = await t.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.idempotencyKey, `request_received:${res.json().id}`));
    expect(mail).toMatchObject({ toAddress: u.email, template: 'request_received' });
    const text = mail!.textBody;
    expect(text).toContain(`/requests/${res.json().reference}`);
    expect(text).not.toContain('?t=');
  });

  it('accepts the demo page payload', async () => {
    const res = await post({
      customerName: 'Demo Customer',
      phoneNumber: '(301) 555-0199',
      email: 'demo.customer@example.com',
      vehicleInfo: '2020 Toyota Camry',
      serviceType: 'Oil Change',
      location: 'Washington, DC',
      issueDescription: 'Needs an oil change.',
      urgency: 'low',
      customerId: 1,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().description).toContain('Vehicle: 2020 Toyota Camry');
    expect(res.json()).toHaveProperty('notifiedTechnicians');
  });

  it('tells the two payloads apart by their kind, or by their fields when it is left out', async () => {
    const demo = {
      customerName: 'Demo Customer',
      email: 'kinds.demo@example.com',
      serviceType: 'Oil Change',
      location: 'Washington, DC',
      issueDescription: 'Needs an oil change.',
    };
    const named = await post({ ...demo, kind: 'demo' });
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json().description).toContain('Needs an oil change.');
    expect(
      (await post({ ...form, kind: 'form', vehicleInfo: '2018 Honda Civic' })).statusCode,
    ).toBe(201);
    // Each payload is refused by its own fields: a demo body named a form lacks a description.
    const asForm = await post({ ...demo, kind: 'form' });
    expect(asForm.statusCode).toBe(400);
    expect(asForm.json().issues).toContainEqual({
      path: 'description',
      message: expect.stringMatching(/describe the problem|expected string/),
    });
    // Left out, issueDescription makes it the demo page's: the demo's own field is named.
    const badDemo = await post({ ...demo, email: 'not-an-email' });
    expect(badDemo.statusCode).toBe(400);
    expect(badDemo.json().issues).toEqual([{ path: 'email', message: expect.any(String) }]);
    const unknown = await post({ ...form, kind: 'fax' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      message: 'kind must be one of: form, demo',
      issues: [{ path: 'kind', message: 'kind must be one of: form, demo' }],
    });
  });

  it('accepts a location given by ZIP code', async () => {
    const res = await post({ ...form, location: '1600 Pennsylvania Ave, Washington 20500' });
    expect(res.statusCode).toBe(201);
  });

  it('resolves a ZIP, an address or City, ST to coordinates and dispatches from there', async () => {
    // A Professional technician based in Bethesda (20814), outside the named towns.
    const { technician } = await createTechnician(t.app, {
      firstName: 'Bethany',
      latitude: 39.0003,
      longitude: -77.1022,
      serviceRadiusMiles: 10,
      specialties: ['Diagnostics'],
      plan: 'Professional',
    });
    const cases: [string, string][] = [
      ['20814', 'Bethesda, MD 20814'],
      ['12 Elm St, Bethesda, MD 20814', '12 Elm St, Bethesda, MD 20814'],
      ['Bethesda, MD', 'Bethesda, MD'],
      // A named town keeps its name (old payloads).
      ['bowie, md', 'Bowie, MD'],
    ];
    for (const [location, stored] of cases) {
      const res = await post({ ...form, serviceType: 'Diagnostics', location });
      expect(res.statusCode, location).toBe(201);
      expect(res.json().location).toBe(stored);
      const [row] = await t.app.db
        .select()
        .from(serviceRequests)
        .where(eq(serviceRequests.id, res.json().id));
      if (location === 'bowie, md') {
        expect(res.json().notifiedTechnicians).toBe(0);
        continue;
      }
      expect(row!.latitude, location).toBeCloseTo(39, 0);
      expect(row!.longitude, location).toBeCloseTo(-77.1, 1);
      expect(res.json().notifiedTechnicians, location).toBe(1);
      const [alert] = await t.app.db
        .select()
        .from(jobNotifications)
        .where(eq(jobNotifications.serviceRequestId, res.json().id));
      expect(alert?.technicianId).toBe(technician.id);
    }
    const unknown = await post({ ...form, location: '1 Main St, Nowhere 99999' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown ZIP code: 99999');
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const count = async () => (await t.app.db.select().from(serviceRequests)).length;
    const before = await count();
    const yesterday = new Date(Date.parse(serviceAreaToday(new Date())) - 86_400_000)
      .toISOString()
      .slice(0, 10);
    const cases: [object, RegExp][] = [
      [{ ...form, serviceType: 'Teleport' }, /Service type must be one of/],
      [{ ...form, description: '' }, /describe the problem/],
      [{ ...form, urgency: 'whenever' }, /Urgency must be low, medium or high/],
      [{ ...form, location: '' }, /Location is required/],
      [{ ...form, location: 'Somewhere nice' }, /service locations or enter a ZIP code/],
      [{ ...form, preferredDate: yesterday }, /Preferred date cannot be in the past/],
      [{ ...form, preferredDate: 'tomorrow' }, /Preferred date must be a date/],
      [{ ...form, customerEmail: 'not-an-email' }, /valid email address/],
      // The Email line of earlier forms is held to the field's rule.
      [
        { ...form, customerEmail: undefined, description: withContactLines('not-an-email') },
        /valid email address/,
      ],
      [
        {
          ...form,
          customerEmail: undefined,
          description: withContactLines('a@example.com, b@example.com'),
        },
        /valid email address/,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await count()).toBe(before);
  });

  it('refuses a place outside the service area with 400 naming the area, writing nothing', async () => {
    const before = await t.app.db.select().from(serviceRequests);
    for (const [location, place] of [
      ['90210', 'Beverly Hills, CA'],
      ['Richmond, VA', 'Richmond, VA'],
      ['901 E Broad St, Richmond, VA 23219', 'Richmond, VA'],
    ]) {
      const res = await post({ ...form, location });
      expect(res.statusCode, location).toBe(400);
      expect(res.json().message).toBe(
        `We don't serve ${place} yet: Wrenchly serves Maryland, DC and Northern Virginia`,
      );
    }
    expect(await t.app.db.select().from(serviceRequests)).toHaveLength(before.length);
  });

  it('accepts today as the preferred date', async () => {
    const res = await post({ ...form, preferredDate: serviceAreaToday(new Date()) });
    expect(res.statusCode).toBe(201);
  });

  it('never attaches an anonymous request to an account, and never shows its id', async () => {
    const admin = await createUser(t.app, { role: 'admin', email: 'boss@example.com' });
    const customer = await createUser(t.app, { role: 'customer', email: 'casey@example.com' });
    for (const account of [admin, customer]) {
      const res = await post({
        ...form,
        customerEmail: account.email.toUpperCase(),
        description: description.replace('jordan@example.com', account.email),
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().customerId).not.toBe(account.id);
      expect(res.body).not.toContain(`"customerId":${account.id},`);
      const [owner] = await t.app.db
        .select()
        .from(users)
        .where(eq(users.id, res.json().customerId));
      expect(owner).toMatchObject({ isGuest: true, passwordHash: null, role: 'customer' });
      const mine = await t.app.db
        .select()
        .from(serviceRequests)
        .where(eq(serviceRequests.customerId, account.id));
      expect(mine).toHaveLength(0);
    }
  });

  it('limits requests per IP with 429 and stores nothing more', async () => {
    const ip = '203.0.113.50';
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/service-requests',
        payload: form,
        remoteAddress: ip,
      });
    for (let i = 0; i < 20; i++) expect((await send()).statusCode).toBe(201);
    const count = async () => (await t.app.db.select().from(serviceRequests)).length;
    const before = await count();
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(
      /^Too many service requests from this network\. Please try again in \d+ minutes?\.$/,
    );
    expect(await count()).toBe(before);
    // Another address is not affected; the limit resets after the hour.
    expect((await post(form, {})).statusCode).toBe(201);
    t.clock.advance(61 * 60 * 1000);
    expect((await send()).statusCode).toBe(201);
  });

  it('concurrent anonymous requests with one new address share one guest record', async () => {
    const email = 'racer@example.com';
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/service-requests',
          remoteAddress: `203.0.113.${150 + i}`,
          payload: {
            ...form,
            customerEmail: email,
            description: description.replace('jordan@example.com', email),
          },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    expect(new Set(results.map((r) => r.json().customerId)).size).toBe(1);
  });

  it('checks the vehicle year: 1900 to next year, computed when the request arrives', async () => {
    const nextYear = new Date().getFullYear() + 1;
    const message = `Vehicle year must be between 1900 and ${nextYear}`;
    for (const vehicleYear of [1899, '1899', nextYear + 1, String(nextYear + 1), 0, 2000.5]) {
      const res = await post({ ...form, vehicleYear });
      expect(res.statusCode, String(vehicleYear)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const notAYear = await post({ ...form, vehicleYear: '20x8' });
    expect(notAYear.statusCode).toBe(400);
    expect(notAYear.json().message).toBe('Vehicle year must be a 4-digit year');
    for (const vehicleYear of [1900, '2018', nextYear]) {
      expect((await post({ ...form, vehicleYear })).statusCode, String(vehicleYear)).toBe(201);
    }
    // A year given only in the vehicle text or the description's Vehicle line is checked too.
    const inText = await post({ ...form, vehicleInfo: '1850 Benz Motorwagen' });
    expect(inText.statusCode).toBe(400);
    expect(inText.json().message).toBe(message);
    const inLine = await post({
      ...form,
      description: composeServiceDescription({
        problem: 'Grinding noise when braking',
        vehicle: `${nextYear + 5} Honda Civic`,
      }),
    });
    expect(inLine.statusCode).toBe(400);
    expect(inLine.json().message).toBe(message);
    // Next year moves with the clock: the bound is not fixed when the module loads.
    const { vehicleYearSchema } = await import('@shared/schemas/service-requests');
    vi.useFakeTimers({ now: new Date(`${nextYear}-03-01T12:00:00Z`), toFake: ['Date'] });
    try {
      expect(vehicleYearSchema.safeParse(nextYear + 1).success).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('needs a problem description of at least 10 characters', async () => {
    const message = 'Please describe the problem in at least 10 characters';
    const short = composeServiceDescription({
      problem: 'Brakes',
      vehicle: '2018 Honda Civic',
    });
    for (const description of ['', '   ', 'Brakes', short]) {
      const res = await post({ ...form, description });
      expect(res.statusCode, description).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const demo = await post({
      customerName: 'Demo Customer',
      email: 'demo.customer@example.com',
      serviceType: 'Oil Change',
      location: 'Washington, DC',
      issueDescription: 'Oil',
    });
    expect(demo.statusCode).toBe(400);
    expect(demo.json().message).toBe(message);
    expect(
      (await post({ ...form, description: 'Brakes squeal', vehicleInfo: '2018 Honda Civic' }))
        .statusCode,
    ).toBe(201);
  });

  it("enforces the form's required name and vehicle, field by field, storing nothing", async () => {
    const before = await t.app.db.select().from(serviceRequests);
    const res = await post({
      ...form,
      customerName: undefined,
      description: 'Grinding noise from the front wheels when braking.',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Full name is required',
      issues: [
        { path: 'customerName', message: 'Full name is required' },
        { path: 'vehicleInfo', message: 'Please describe the vehicle (year, make and model)' },
      ],
    });
    // Blank is missing too; a name or vehicle on the description's lines counts.
    expect((await post({ ...form, customerName: '   ' })).json().issues).toEqual([
      { path: 'customerName', message: 'Full name is required' },
    ]);
    expect(
      (
        await post({
          ...form,
          customerName: undefined,
          description: withContactLines('j@example.com'),
        })
      ).statusCode,
    ).toBe(201);
    expect(await t.app.db.select().from(serviceRequests)).toHaveLength(before.length + 1);
  });

  describe('with a saved vehicle (vehicleId)', () => {
    const addVehicle = async (cookie: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/vehicles',
        headers: { cookie },
        payload: { year: 2003, make: 'Honda', model: 'Accord', vin: '1HGCM82633A004352' },
      });
      expect(res.statusCode).toBe(201);
      return res.json() as { id: number };
    };
    const withVehicle = (vehicleId: unknown) => ({
      ...form,
      // The form sends the picked vehicle's lines as today; the server names it from the record.
      description: description.replace('2018 Honda Civic', 'typed by hand'),
      vehicleInfo: '2018 Honda Civic',
      vehicleId,
    });
    const count = async () => (await t.app.db.select().from(serviceRequests)).length;

    it("stores the customer's own vehicle and names it '<year> <make> <model>'", async () => {
      const u = await createUser(t.app, { role: 'customer' });
      const cookie = await signIn(t.app, u.username!);
      const v = await addVehicle(cookie);
      const res = await post(withVehicle(v.id), { cookie });
      expect(res.statusCode).toBe(201);
      expect(res.json().description).toContain('Vehicle: 2003 Honda Accord');
      const [row] = await t.app.db
        .select()
        .from(serviceRequests)
        .where(eq(serviceRequests.id, res.json().id));
      expect(row).toMatchObject({
        customerId: u.id,
        vehicleId: v.id,
        vehicleInfo: '2003 Honda Accord',
      });
    });

    it("names a vehicle whose model holds $', $` or $& as typed", async () => {
      const u = await createUser(t.app, { role: 'customer' });
      const cookie = await signIn(t.app, u.username!);
      const model = "Accord $'$`$&";
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/vehicles',
        headers: { cookie },
        payload: { year: 2003, make: 'Honda', model },
      });
      expect(added.statusCode).toBe(201);
      const res = await post(withVehicle(added.json().id), { cookie });
      expect(res.statusCode).toBe(201);
      const lines = (res.json().description as string).split('\n');
      expect(lines.filter((l) => l.startsWith('Vehicle: '))).toEqual([
        `Vehicle: 2003 Honda ${model}`,
      ]);
      expect(lines.filter((l) => l.startsWith('Mileage: '))).toHaveLength(1);
    });

    it("refuses another customer's vehicle, an unknown one, and a malformed id with 400", async () => {
      const owner = await createUser(t.app, { role: 'customer' });
      const theirs = await addVehicle(await signIn(t.app, owner.username!));
      const u = await createUser(t.app, { role: 'customer' });
      const cookie = await signIn(t.app, u.username!);
      const before = await count();
      for (const vehicleId of [theirs.id, 999999, 0, 'abc', 1.5, 2147483648]) {
        const res = await post(withVehicle(vehicleId), { cookie });
        expect(res.statusCode, String(vehicleId)).toBe(400);
        expect(res.json().message).toBe('Please choose one of your vehicles');
      }
      expect(await count()).toBe(before);
    });

    it('refuses a vehicleId from a guest (decided: 400, never silently ignored)', async () => {
      // Guests type the vehicle; an id from them means a confused client, so it is refused
      // rather than dropped, and nothing is stored. The same goes for a technician or admin.
      const owner = await createUser(t.app, { role: 'customer' });
      const v = await addVehicle(await signIn(t.app, owner.username!));
      const before = await count();
      const guest = await post(withVehicle(v.id));
      expect(guest.statusCode).toBe(400);
      expect(guest.json().message).toBe('Please choose one of your vehicles');
      const admin = await createUser(t.app, { role: 'admin' });
      const asAdmin = await post(withVehicle(v.id), {
        cookie: await signIn(t.app, admin.username!),
      });
      expect(asAdmin.statusCode).toBe(400);
      expect(await count()).toBe(before);
      // Without a vehicleId (or with null) a guest's typed vehicle is kept as today.
      const typed = await post(withVehicle(null));
      expect(typed.statusCode).toBe(201);
      const [row] = await t.app.db
        .select()
        .from(serviceRequests)
        .where(eq(serviceRequests.id, typed.json().id));
      expect(row).toMatchObject({ vehicleId: null, vehicleInfo: '2018 Honda Civic' });
    });

    it('a deleted vehicle leaves its requests with their vehicle text', async () => {
      const u = await createUser(t.app, { role: 'customer' });
      const cookie = await signIn(t.app, u.username!);
      const v = await addVehicle(cookie);
      const res = await post(withVehicle(v.id), { cookie });
      expect(res.statusCode).toBe(201);
      await t.app.db.delete(vehicles).where(eq(vehicles.id, v.id));
      const [row] = await t.app.db
        .select()
        .from(serviceRequests)
        .where(eq(serviceRequests.id, res.json().id));
      expect(row).toMatchObject({ vehicleId: null, vehicleInfo: '2003 Honda Accord' });
    });
  });
});
