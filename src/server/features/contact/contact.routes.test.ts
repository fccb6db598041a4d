import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import {
  createTechnician,
  createUser,
  signIn,
  subscribeTechnician,
} from '../../../../tests/helpers/factories';
import { contactMessages, contactRequests, outbox } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

describe('POST /api/contact-technician', () => {
  it('stores the request and forwards it to the technician by e-mail', async () => {
    const { technician, user } = await createTechnician(t.app);
    const res = await post('/api/contact-technician', {
      technicianId: technician.id,
      customerName: 'Dana Driver',
      customerEmail: 'Dana@Example.com',
      serviceType: 'Brake Service',
      message: 'My brakes squeal when I stop.',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.db
      .select()
      .from(contactRequests)
      .where(eq(contactRequests.id, res.json().id));
    expect(row).toMatchObject({
      technicianId: technician.id,
      customerEmail: 'dana@example.com',
      serviceType: 'Brake Service',
    });
    const mails = await t.app.db.select().from(outbox).where(eq(outbox.toAddress, user.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.template).toBe('contact_request');
    expect(mails[0]!.textBody).toContain('My brakes squeal when I stop.');
    expect(mails[0]!.textBody).toContain('dana@example.com');
  });

  it('accepts a missing service type', async () => {
    const { technician } = await createTechnician(t.app);
    const res = await post('/api/contact-technician', {
      technicianId: technician.id,
      customerName: 'A',
      customerEmail: 'a@example.com',
      serviceType: '',
      message: 'Hello',
    });
    expect(res.statusCode).toBe(201);
  });

  it('refuses bad input with 400 and stores nothing', async () => {
    const { technician } = await createTechnician(t.app);
    const before = (await t.app.db.select().from(contactRequests)).length;
    for (const payload of [
      {
        technicianId: technician.id,
        customerName: '',
        customerEmail: 'a@example.com',
        message: 'x',
      },
      { technicianId: technician.id, customerName: 'A', customerEmail: 'nope', message: 'x' },
      {
        technicianId: technician.id,
        customerName: 'A',
        customerEmail: 'a@example.com',
        message: '',
      },
      {
        technicianId: technician.id,
        customerName: 'A',
        customerEmail: 'a@example.com',
        message: 'x',
        serviceType: 'Teleport',
      },
    ]) {
      const res = await post('/api/contact-technician', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await t.app.db.select().from(contactRequests)).length).toBe(before);
  });

  it('answers 404 for an unknown technician', async () => {
    const res = await post('/api/contact-technician', {
      technicianId: 999999,
      customerName: 'A',
      customerEmail: 'a@example.com',
      message: 'x',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/contact', () => {
  // 'Basic support' (every plan, and no plan) vs 'Priority support' (Premium, Professional).
  const ask = (subject: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: cookie ? { cookie } : {},
      payload: {
        name: 'Tess Tech',
        email: 'tess@example.com',
        subject,
        message: 'Please help me.',
      },
    });
  const supportMail = (id: number) =>
    t.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.idempotencyKey, `contact_message:${id}`));

  it('answers technicians on Premium and Professional first (priority support)', async () => {
    const sent: Record<string, number> = {};
    for (const plan of [undefined, 'Basic', 'Premium', 'Professional'] as const) {
      const { user, technician } = await createTechnician(t.app);
      if (plan) await subscribeTechnician(t.app, technician.id, plan);
      const res = await ask(`Help from ${plan ?? 'no plan'}`, await signIn(t.app, user.username!));
      expect(res.statusCode).toBe(201);
      sent[plan ?? 'none'] = res.json().id;
    }
    const anonymous = await ask('Help from a visitor');
    expect(anonymous.statusCode).toBe(201);
    sent.visitor = anonymous.json().id;

    for (const [who, id] of Object.entries(sent)) {
      const [row] = await t.app.db.select().from(contactMessages).where(eq(contactMessages.id, id));
      const priority = who === 'Premium' || who === 'Professional';
      expect(row!.priority, who).toBe(priority);
      expect(row!.senderUserId === null, who).toBe(who === 'visitor');
      const [mail] = await supportMail(id);
      expect(mail!.subject.startsWith('[Priority] [Contact] '), who).toBe(priority);
      if (priority) expect(mail!.textBody).toContain(`Priority support: ${who} plan technician`);
    }

    const admin = await createUser(t.app, { role: 'admin' });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/messages?limit=100',
      headers: { cookie: await signIn(t.app, admin.username!) },
    });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    const items: { id: number; priority: boolean }[] = body.messages ?? body.items ?? body;
    const firstOrdinary = items.findIndex((m) => !m.priority);
    const lastPriority = items.map((m) => m.priority).lastIndexOf(true);
    expect(lastPriority).toBeGreaterThanOrEqual(1);
    expect(lastPriority).toBeLessThan(firstOrdinary);
    expect(
      items
        .filter((m) => m.priority)
        .map((m) => m.id)
        .sort(),
    ).toEqual([sent.Premium, sent.Professional].sort());
  });

  it('stores the message and e-mails a copy to support', async () => {
    const res = await post('/api/contact', {
      name: 'Sam Smith',
      email: 'sam@example.com',
      subject: 'Question about plans',
      message: 'How do I change my plan?',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, res.json().id));
    expect(row).toMatchObject({ name: 'Sam Smith', phone: null });
    const mails = await t.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'contact_message'));
    expect(mails.at(-1)).toMatchObject({
      toAddress: 'support@wrenchly.com',
      subject: '[Contact] Question about plans',
    });
  });

  it('validates with the spec texts', async () => {
    const cases: [object, string][] = [
      [
        {
          name: 'S',
          email: 'sam@example.com',
          subject: 'Hello there',
          message: 'Long enough message',
        },
        'Name must be at least 2 characters',
      ],
      [
        { name: 'Sam', email: 'bad', subject: 'Hello there', message: 'Long enough message' },
        'Please enter a valid email address',
      ],
      [
        { name: 'Sam', email: 'sam@example.com', subject: 'Hey', message: 'Long enough message' },
        'Subject must be at least 5 characters',
      ],
      [
        { name: 'Sam', email: 'sam@example.com', subject: 'Hello there', message: 'Short' },
        'Message must be at least 10 characters',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/api/contact', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});
