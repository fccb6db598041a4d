import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_MESSAGE } from '../../src/shared/phone';
import {
  contactMessages,
  outbox,
  quotes,
  serviceRequests,
  technicianApplications,
  technicians,
  users,
} from '../../src/server/db/schema';
import { buildUploadTestApp } from '../helpers/onboarding-factories';
import { approvedApplicant, freshIp, submitApplication } from '../helpers/onboarding-factories';
import { createTechnician, createUser, signIn } from '../helpers/factories';
import { proTechnician, FLAT_TAX, type PosTechnician } from '../helpers/pos';
import { readPdf } from '../helpers/pdf';

/**
 * One phone rule on every endpoint that takes a phone (src/shared/phone.ts): a US number typed
 * any way is stored in E.164; '12345', another country's number or words are a 400 naming the
 * field, and nothing is written.
 */

let t: Awaited<ReturnType<typeof buildUploadTestApp>>;
let tech: { cookie: string; technicianId: number; userId: number };
let customer: { cookie: string; id: number };
let admin: string;
let pro: PosTechnician;

beforeAll(async () => {
  t = await buildUploadTestApp();
  const created = await createTechnician(t.app);
  await t.app.db.update(users).set({ phone: '+13015550111' }).where(eq(users.id, created.user.id));
  tech = {
    cookie: await signIn(t.app, created.user.username!),
    technicianId: created.technician.id,
    userId: created.user.id,
  };
  const c = await createUser(t.app, { role: 'customer' });
  customer = { cookie: await signIn(t.app, c.username!), id: c.id };
  const a = await createUser(t.app, { role: 'admin' });
  admin = await signIn(t.app, a.username!);
  pro = await proTechnician(t.app);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = (method: Method, url: string, payload?: object, cookie?: string) =>
  t.app.inject({
    method,
    url,
    remoteAddress: freshIp(),
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });

/** A 400 whose issue names `field` with the phone rule's message. */
function expectRefused(
  res: Awaited<ReturnType<typeof call>>,
  field: string,
  message = PHONE_MESSAGE,
) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().message).toBe(message);
  expect(res.json().issues).toContainEqual({ path: field, message });
}

const userPhone = async (id: number) =>
  (await t.app.db.select({ phone: users.phone }).from(users).where(eq(users.id, id)))[0]!.phone;

describe('PATCH /api/technicians/me', () => {
  it("refuses '12345' with a 400 naming the phone, and changes nothing", async () => {
    const [before] = await t.app.db
      .select()
      .from(technicians)
      .where(eq(technicians.id, tech.technicianId));
    const res = await call('PATCH', '/api/technicians/me', { phone: '12345' }, tech.cookie);
    expectRefused(res, 'phone');
    // With other fields beside it: none of them is written either.
    const mixed = await call(
      'PATCH',
      '/api/technicians/me',
      { phone: 'call the shop', hourlyRate: 95, bio: 'Brakes and batteries.' },
      tech.cookie,
    );
    expectRefused(mixed, 'phone');
    expect(await userPhone(tech.userId)).toBe('+13015550111');
    const [after] = await t.app.db
      .select()
      .from(technicians)
      .where(eq(technicians.id, tech.technicianId));
    expect(after).toEqual(before);
  });

  it.each([['+44 20 7946 0958'], ['(123) 456-7890'], ['301-555-0199 ext. 4'], ['555-0199']])(
    'refuses %j',
    async (phone) => {
      expectRefused(await call('PATCH', '/api/technicians/me', { phone }, tech.cookie), 'phone');
    },
  );

  it('stores a US number in E.164, publishes it so, and clears it when emptied', async () => {
    const res = await call('PATCH', '/api/technicians/me', { phone: '301.555.0199' }, tech.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().phone).toBe('+13015550199');
    expect(await userPhone(tech.userId)).toBe('+13015550199');
    const listed = await call('GET', `/api/technicians/${tech.technicianId}`);
    expect(listed.json().user.phone).toBe('+13015550199');

    const cleared = await call('PATCH', '/api/technicians/me', { phone: '' }, tech.cookie);
    expect(cleared.json().phone).toBeNull();
    await call('PATCH', '/api/technicians/me', { phone: '(301) 555-0111' }, tech.cookie);
    expect(await userPhone(tech.userId)).toBe('+13015550111');
  });
});

describe('POST /api/auth/register', () => {
  const register = (username: string, phone: unknown) =>
    call('POST', '/api/auth/register', {
      username,
      email: `${username}@example.com`,
      password: 'a-long-enough-password',
      phone,
    });
  const account = async (username: string) =>
    (await t.app.db.select().from(users).where(eq(users.username, username)))[0];

  it("refuses '12345' and makes no account", async () => {
    expectRefused(await register('phone.twelve', '12345'), 'phone');
    expect(await account('phone.twelve')).toBeUndefined();
    expectRefused(await register('phone.words', 'ask for Bob'), 'phone');
  });

  it('stores a US number in E.164; none is no number', async () => {
    expect((await register('phone.good', '1 (240) 555-0131')).statusCode).toBe(201);
    expect((await account('phone.good'))!.phone).toBe('+12405550131');
    expect((await register('phone.none', '')).statusCode).toBe(201);
    expect((await account('phone.none'))!.phone).toBeNull();
  });
});

describe('POST /api/technician-applications', () => {
  it('refuses a number that is not a US one, with the form\u2019s message, and stores nothing', async () => {
    const before = (await t.app.db.select({ n: count() }).from(technicianApplications))[0]!.n;
    for (const phone of ['1234567890', 'call me maybe', '+44 20 7946 0958']) {
      const { res } = await submitApplication(t.app, { phone });
      expectRefused(res, 'phone', 'Please enter a valid phone number');
    }
    expect((await t.app.db.select({ n: count() }).from(technicianApplications))[0]!.n).toBe(before);
  });

  it('stores the number in E.164, and the approved technician gets it', async () => {
    const approved = await approvedApplicant(t.app, admin, { phone: '410-555-0109' });
    const [row] = await t.app.db
      .select({ phone: technicianApplications.phone })
      .from(technicianApplications)
      .where(eq(technicianApplications.id, approved.applicationId));
    expect(row!.phone).toBe('+14105550109');
    const [user] = await t.app.db.select().from(users).where(eq(users.email, approved.email));
    expect(user!.phone).toBe('+14105550109');
  });
});

describe('POST /api/service-requests', () => {
  const form = {
    serviceType: 'Oil Change',
    description: 'Oil change overdue by a few months.',
    urgency: 'low',
    location: 'Hyattsville, MD',
    customerName: 'Sam Roe',
    customerEmail: 'sam.roe@example.com',
    vehicleInfo: '2018 Mazda 3',
  };
  const requests = async () => (await t.app.db.select({ n: count() }).from(serviceRequests))[0]!.n;

  it("refuses '12345' as the contact phone (texts or not), and stores no request", async () => {
    const before = await requests();
    expectRefused(
      await call('POST', '/api/service-requests', { ...form, customerPhone: '12345' }),
      'customerPhone',
    );
    // A Phone line in the text is held to the same rule.
    expectRefused(
      await call('POST', '/api/service-requests', {
        ...form,
        description: `${form.description}\n\nPhone: 12345`,
      }),
      'customerPhone',
    );
    expectRefused(
      await call('POST', '/api/service-requests', {
        customerName: 'Demo Driver',
        phoneNumber: '12345',
        email: 'demo.driver@example.com',
        serviceType: 'Oil Change',
        location: 'Hyattsville, MD',
        issueDescription: 'Oil change overdue by a few months.',
      }),
      'phoneNumber',
    );
    expect(await requests()).toBe(before);
  });

  it('stores the contact phone in E.164', async () => {
    const res = await call('POST', '/api/service-requests', {
      ...form,
      customerPhone: '301-555-0142',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.app.db
      .select({ phone: serviceRequests.contactPhone })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, res.json().id));
    expect(row!.phone).toBe('+13015550142');
  });
});

describe('PUT /api/service-requests/:reference/text-updates', () => {
  it('refuses a number no text in the US reaches, and keeps texts off', async () => {
    const created = await call(
      'POST',
      '/api/service-requests',
      {
        serviceType: 'Electrical',
        description: 'The car does not start in the morning.',
        location: 'Hyattsville, MD',
        customerName: 'Casey Customer',
        vehicleInfo: '2015 Honda Accord',
      },
      customer.cookie,
    );
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/service-requests/${created.json().reference}/text-updates`;
    for (const phone of ['12345', '+44 20 7946 0958'])
      expectRefused(await call('PUT', url, { enabled: true, phone }, customer.cookie), 'phone');
    const [row] = await t.app.db
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.id, created.json().id));
    expect(row!.smsUpdatesConsentAt).toBeNull();

    const on = await call('PUT', url, { enabled: true, phone: '(240) 555-0170' }, customer.cookie);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().textUpdates).toMatchObject({ enabled: true, phone: '+12405550170' });
  });
});

describe('PUT /api/technicians/me/notification-settings', () => {
  const settings = (smsPhone: string) => ({
    push: true,
    email: true,
    sms: true,
    smsPhone,
    quietHours: { enabled: false, start: '21:00', end: '07:00' },
    timeZone: 'America/New_York',
  });

  it("refuses another country's number, and '12345'", async () => {
    for (const phone of ['+44 20 7946 0958', '12345'])
      expectRefused(
        await call(
          'PUT',
          '/api/technicians/me/notification-settings',
          settings(phone),
          tech.cookie,
        ),
        'smsPhone',
      );
    const stored = await call(
      'GET',
      '/api/technicians/me/notification-settings',
      undefined,
      tech.cookie,
    );
    expect(stored.json()).toMatchObject({ sms: false, smsPhone: null });
  });

  it('stores the mobile number in E.164', async () => {
    const res = await call(
      'PUT',
      '/api/technicians/me/notification-settings',
      settings('202.555.0142'),
      tech.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().smsPhone).toBe('+12025550142');
  });
});

describe('POST /api/contact', () => {
  const message = (phone: string) => ({
    name: 'Robin Reader',
    email: 'robin.reader@example.com',
    phone,
    subject: 'A question about brakes',
    message: 'Do you replace rotors too?',
  });

  it("refuses '12345' and stores no message", async () => {
    const before = (await t.app.db.select({ n: count() }).from(contactMessages))[0]!.n;
    expectRefused(await call('POST', '/api/contact', message('12345')), 'phone');
    expect((await t.app.db.select({ n: count() }).from(contactMessages))[0]!.n).toBe(before);
  });

  it('stores the number in E.164 and shows it to support as people write it', async () => {
    const res = await call('POST', '/api/contact', message('3015550152'));
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.app.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'robin.reader@example.com'));
    expect(row!.phone).toBe('+13015550152');
    const [mail] = await t.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'contact_message'));
    expect(mail!.textBody).toContain('robin.reader@example.com>, (301) 555-0152');
  });
});

describe('POST and PUT /api/quotes', () => {
  const QUOTE = {
    customerName: 'Pat Driver',
    customerEmail: 'pat@example.com',
    vehicleYear: '2016',
    vehicleMake: 'Toyota',
    vehicleModel: 'Corolla',
    items: [{ type: 'labor', description: 'Replace brake pads', quantity: 1, unitPrice: 95 }],
    ...FLAT_TAX,
  };

  it("refuses '12345' as the customer's phone on a new quote and on an edit", async () => {
    const before = (await t.app.db.select({ n: count() }).from(quotes))[0]!.n;
    expectRefused(
      await call('POST', '/api/quotes', { ...QUOTE, customerPhone: '12345' }, pro.cookie),
      'customerPhone',
    );
    expect((await t.app.db.select({ n: count() }).from(quotes))[0]!.n).toBe(before);

    const created = await call('POST', '/api/quotes', { ...QUOTE, customerPhone: '' }, pro.cookie);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().customerPhone).toBeNull();
    const id = created.json().id as number;
    expectRefused(
      await call('PUT', `/api/quotes/${id}`, { ...QUOTE, customerPhone: '12345' }, pro.cookie),
      'customerPhone',
    );
    const edited = await call(
      'PUT',
      `/api/quotes/${id}`,
      { ...QUOTE, customerPhone: '(301) 555-0100' },
      pro.cookie,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().customerPhone).toBe('+13015550100');

    // The document shows it as people write it.
    const pdf = await call('GET', `/api/quotes/${id}/pdf`, undefined, pro.cookie);
    expect(pdf.statusCode).toBe(200);
    const { text } = await readPdf(pdf.rawPayload);
    expect(text).toContain('(301) 555-0100');
    expect(text).not.toContain('+13015550100');
  });
});
