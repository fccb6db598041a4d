import { asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { createUser, signIn } from '../../../../tests/helpers/factories';
import {
  FLAT_TAX,
  proTechnician,
  SIGNATURE,
  type PosTechnician,
} from '../../../../tests/helpers/pos';
import { invoices, outbox, serviceRequests } from '../../db/schema';
import { requestPageUrl } from '../../domain/request-links';
import { remindersDueBy, sendDueReminders } from './invoice-reminders.service';

/**
 * Unpaid invoices remind their customers 3, 7 and 14 days after they were issued, once each,
 * until they are paid, disputed or their job canceled, unless the technician turned reminders
 * off for the invoice or in their settings. The task runs by hand on the movable clock.
 */
let t: TestApp;
let pro: PosTechnician;
let customerId: number;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp();
  pro = await proTechnician(t.app);
  customerId = (await createUser(t.app)).id;
});
afterAll(() => t.close());
// Invoices are dated by the database's clock: every test starts with the app's clock there.
beforeEach(() => t.clock.set(new Date()));

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  payload?: object,
  cookie: string | undefined = pro.cookie,
) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

let seq = 0;

/** A job assigned to the technician, its customer reachable by e-mail (and texts when asked). */
async function job(opts: { texts?: boolean; email?: string | null } = {}) {
  const email = opts.email === undefined ? `job.customer.${++seq}@example.com` : opts.email;
  const [row] = await t.app.db
    .insert(serviceRequests)
    .values({
      customerId,
      serviceType: 'Brake Service',
      description: 'Squealing brakes',
      location: 'Hyattsville, MD',
      contactName: 'Pat Driver',
      contactEmail: email,
      status: 'in_progress',
      assignedTechnicianId: pro.technicianId,
      assignedAt: t.clock.now,
      ...(opts.texts ? { smsUpdatesPhone: '+12025550142', smsUpdatesConsentAt: t.clock.now } : {}),
    })
    .returning();
  return { id: row!.id, email };
}

/** A signed quote of $129.90 ($120 at a flat 8.25%) and its invoice; a deposit when asked. */
async function invoice(opts: { job?: number; email?: string; paidCash?: number } = {}) {
  const email = opts.email ?? `walk.in.${++seq}@example.com`;
  const q = await call('POST', '/api/quotes', {
    customerName: 'Pat Driver',
    customerEmail: email,
    ...(opts.job ? { serviceRequestId: opts.job } : {}),
    items: [{ type: 'labor', description: 'Replace pads', quantity: 1, unitPrice: 120 }],
    ...FLAT_TAX,
  });
  expect(q.statusCode, q.body).toBe(201);
  const signed = await call('PATCH', `/api/quotes/${q.json().id}/approve`, {
    signature: SIGNATURE,
    version: 1,
  });
  expect(signed.statusCode, signed.body).toBe(200);
  const inv = await call('POST', '/api/invoices', { quoteId: q.json().id });
  expect(inv.statusCode, inv.body).toBe(201);
  if (opts.paidCash) {
    const paid = await call('POST', '/api/pos/payments', {
      invoiceId: inv.json().id,
      amount: opts.paidCash,
      method: 'cash',
    });
    expect(paid.statusCode, paid.body).toBe(201);
  }
  return { ...(inv.json() as { id: number; invoiceNumber: string }), email };
}

const remindersOf = (invoiceId: number) =>
  t.app.db
    .select()
    .from(outbox)
    .where(like(outbox.idempotencyKey, `%invoice_reminder:${invoiceId}:%`))
    .orderBy(asc(outbox.id));

const invoiceRow = async (id: number) =>
  (await t.app.db.select().from(invoices).where(eq(invoices.id, id)))[0]!;

/** Moves the app's clock to `days` after the invoice was issued and runs the task. */
async function runAt(inv: { id: number }, days: number) {
  const { createdAt } = await invoiceRow(inv.id);
  t.clock.set(new Date(createdAt.getTime() + days * DAY));
  return sendDueReminders(t.app);
}

describe('the reminder task', () => {
  it('reminds a job’s customer 3, 7 and 14 days after the invoice, once each, and no more', async () => {
    const j = await job();
    const inv = await invoice({ job: j.id, paidCash: 29.9 });
    await runAt(inv, 2.99);
    expect(await remindersOf(inv.id)).toHaveLength(0);

    await runAt(inv, 3);
    await runAt(inv, 3.5);
    let sent = await remindersOf(inv.id);
    expect(sent).toHaveLength(1);
    const first = sent[0]!;
    expect(first).toMatchObject({
      channel: 'email',
      toAddress: j.email,
      template: 'invoice_reminder',
    });
    expect(first.subject).toContain(`Reminder: invoice ${inv.invoiceNumber} is unpaid`);
    expect(first.textBody).toContain('issued 3 days ago');
    expect(first.textBody).toContain('Balance due: $100.00 ($29.90 of $129.90 already paid).');
    // The pay link is the request's page, with the link e-mails to its address carry.
    expect(first.textBody).toContain(requestPageUrl(t.app.config, j.id));
    expect(first.payload).toMatchObject({ attachments: [{ kind: 'invoice', id: inv.id }] });

    await runAt(inv, 6.9);
    expect(await remindersOf(inv.id)).toHaveLength(1);
    await runAt(inv, 7);
    await runAt(inv, 14);
    await runAt(inv, 20);
    await runAt(inv, 29);
    sent = await remindersOf(inv.id);
    expect(sent.map((m) => m.idempotencyKey)).toEqual([
      `invoice_reminder:${inv.id}:1`,
      `invoice_reminder:${inv.id}:2`,
      `invoice_reminder:${inv.id}:3`,
    ]);
    const row = await invoiceRow(inv.id);
    expect(row.remindersSent).toBe(3);
    expect(row.lastRemindedAt!.getTime()).toBe(row.createdAt.getTime() + 14 * DAY);

    // The point of sale shows where they stand.
    const list = await call('GET', `/api/invoices/technician/${pro.technicianId}`);
    expect(list.json().find((i: { id: number }) => i.id === inv.id).reminders).toEqual({
      enabled: true,
      sent: 3,
      lastSentAt: row.lastRemindedAt!.toISOString(),
    });
  });

  it('after downtime sends only the latest reminder due, not all of them at once', async () => {
    const j = await job();
    const inv = await invoice({ job: j.id });
    await runAt(inv, 15);
    expect((await remindersOf(inv.id)).map((m) => m.idempotencyKey)).toEqual([
      `invoice_reminder:${inv.id}:3`,
    ]);
    expect((await invoiceRow(inv.id)).remindersSent).toBe(3);
    await runAt(inv, 16);
    expect(await remindersOf(inv.id)).toHaveLength(1);
    // A reminder owed past the reminders' month is not sent (turned back on late, say).
    const old = await invoice({ job: (await job()).id });
    await runAt(old, 31);
    expect(await remindersOf(old.id)).toHaveLength(0);
  });

  it('e-mails a sale without a job to the invoice’s address, with the invoice attached', async () => {
    const inv = await invoice({ email: 'walk.in.reminded@example.com' });
    await runAt(inv, 3);
    const [mail, ...more] = await remindersOf(inv.id);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ channel: 'email', toAddress: 'walk.in.reminded@example.com' });
    expect(mail!.textBody).toContain(`Invoice ${inv.invoiceNumber}`);
    expect(mail!.textBody).toContain('Balance due: $129.90.');
    expect(mail!.payload).toMatchObject({ attachments: [{ kind: 'invoice', id: inv.id }] });
  });

  it('texts the reminder only to a customer who opted into texts', async () => {
    const texted = await invoice({ job: (await job({ texts: true })).id });
    const mailed = await invoice({ job: (await job()).id });
    // Texts only, no e-mail address: still reminded.
    const textOnly = await invoice({ job: (await job({ texts: true, email: null })).id });
    // Three days after the last of them was issued: all three are due.
    await runAt(textOnly, 3);
    const channels = async (id: number) => (await remindersOf(id)).map((m) => m.channel).sort();
    expect(await channels(texted.id)).toEqual(['email', 'sms']);
    expect(await channels(mailed.id)).toEqual(['email']);
    expect(await channels(textOnly.id)).toEqual(['sms']);
    const [sms] = (await remindersOf(texted.id)).filter((m) => m.channel === 'sms');
    expect(sms).toMatchObject({ toAddress: '+12025550142' });
    expect(sms!.textBody).toContain(`invoice ${texted.invoiceNumber}`);
    expect(sms!.textBody).toContain('$129.90 due');
  });

  it('stops for a paid invoice, a disputed one, a canceled job, or reminders turned off', async () => {
    const paid = await invoice({ job: (await job()).id, paidCash: 129.9 });
    const disputed = await invoice({ job: (await job()).id });
    await t.app.db.update(invoices).set({ status: 'disputed' }).where(eq(invoices.id, disputed.id));
    const canceledJob = await job();
    const canceled = await invoice({ job: canceledJob.id });
    await t.app.db
      .update(serviceRequests)
      .set({ status: 'canceled' })
      .where(eq(serviceRequests.id, canceledJob.id));
    const off = await invoice({ job: (await job()).id });
    expect(
      (await call('PATCH', `/api/invoices/${off.id}/reminders`, { enabled: false })).statusCode,
    ).toBe(200);
    const unreachable = await invoice({ job: (await job({ email: null })).id });
    const control = await invoice({ job: (await job()).id });

    await runAt(control, 3);
    for (const inv of [paid, disputed, canceled, off, unreachable])
      expect(await remindersOf(inv.id), inv.invoiceNumber).toHaveLength(0);
    expect(await remindersOf(control.id)).toHaveLength(1);
    // Nothing was claimed for them either: the count says what was sent.
    expect((await invoiceRow(off.id)).remindersSent).toBe(0);

    // Turned back on, the invoice owes the reminder that is due now.
    await call('PATCH', `/api/invoices/${off.id}/reminders`, { enabled: true });
    await runAt(off, 7);
    expect((await remindersOf(off.id)).map((m) => m.idempotencyKey)).toEqual([
      `invoice_reminder:${off.id}:2`,
    ]);
  });

  it('stops every invoice of a technician who turned reminders off in their settings', async () => {
    const own = await proTechnician(t.app);
    const settings = async (body?: object) =>
      (
        await call(
          body ? 'PUT' : 'GET',
          '/api/technicians/me/notification-settings',
          body
            ? {
                push: true,
                email: true,
                sms: false,
                quietHours: { enabled: false, start: '21:00', end: '07:00' },
                ...body,
              }
            : undefined,
          own.cookie,
        )
      ).json();
    expect((await settings()).invoiceReminders).toBe(true);
    expect((await settings({ invoiceReminders: false })).invoiceReminders).toBe(false);
    // A client that does not send the choice leaves it as it is.
    expect((await settings({ timeZone: 'America/Chicago' })).invoiceReminders).toBe(false);

    const quoted = await ownInvoice(own);
    await runAt(quoted, 3);
    expect(await remindersOf(quoted.id)).toHaveLength(0);
    expect((await settings({ invoiceReminders: true })).invoiceReminders).toBe(true);
    await runAt(quoted, 3.1);
    expect(await remindersOf(quoted.id)).toHaveLength(1);
  });

  it('sends each reminder once when two runs go at the same time', async () => {
    const all = [];
    for (let i = 0; i < 4; i++) all.push(await invoice({ job: (await job({ texts: true })).id }));
    const { createdAt } = await invoiceRow(all.at(-1)!.id);
    t.clock.set(new Date(createdAt.getTime() + 3 * DAY));
    const [a, b] = await Promise.all([sendDueReminders(t.app), sendDueReminders(t.app)]);
    expect(a.sent + b.sent).toBe(4);
    for (const inv of all) {
      expect((await remindersOf(inv.id)).map((m) => m.channel).sort()).toEqual(['email', 'sms']);
      expect((await invoiceRow(inv.id)).remindersSent).toBe(1);
    }
  });

  it('counts the reminders due by the days since issue', () => {
    const at = new Date('2026-11-01T10:00:00Z');
    const after = (days: number) => new Date(at.getTime() + days * DAY);
    expect([0, 2.99, 3, 6.99, 7, 13.99, 14, 40].map((d) => remindersDueBy(at, after(d)))).toEqual([
      0, 0, 1, 1, 2, 2, 3, 3,
    ]);
  });
});

/** An invoice of another Professional technician's walk-in sale. */
async function ownInvoice(own: PosTechnician) {
  const q = await call(
    'POST',
    '/api/quotes',
    {
      customerName: 'Sam Walker',
      customerEmail: `own.${++seq}@example.com`,
      items: [{ type: 'labor', description: 'Diagnose', quantity: 1, unitPrice: 80 }],
      ...FLAT_TAX,
    },
    own.cookie,
  );
  expect(q.statusCode, q.body).toBe(201);
  await call(
    'PATCH',
    `/api/quotes/${q.json().id}/approve`,
    { signature: SIGNATURE, version: 1 },
    own.cookie,
  );
  const inv = await call('POST', '/api/invoices', { quoteId: q.json().id }, own.cookie);
  expect(inv.statusCode, inv.body).toBe(201);
  return inv.json() as { id: number; invoiceNumber: string };
}

describe('PATCH /api/invoices/:id/reminders', () => {
  it("turns an invoice's reminders off and on for its technician only", async () => {
    const inv = await invoice();
    const patch = (body: object, cookie?: string) =>
      call('PATCH', `/api/invoices/${inv.id}/reminders`, body, cookie);
    const off = await patch({ enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ invoiceId: inv.id, enabled: false, sent: 0, lastSentAt: null });
    const list = await call('GET', `/api/invoices/technician/${pro.technicianId}`);
    expect(list.json().find((i: { id: number }) => i.id === inv.id).reminders.enabled).toBe(false);
    expect((await patch({ enabled: true })).json().enabled).toBe(true);

    const other = await proTechnician(t.app);
    const refused = await patch({ enabled: false }, other.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This invoice belongs to another technician');
    expect((await invoiceRow(inv.id)).remindersEnabled).toBe(true);

    const customer = await createUser(t.app, { role: 'customer' });
    expect(
      (await patch({ enabled: false }, await signIn(t.app, customer.username!))).statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/invoices/${inv.id}/reminders`,
          payload: { enabled: false },
        })
      ).statusCode,
    ).toBe(401);
    expect((await patch({ enabled: 'no' })).statusCode).toBe(400);
    expect((await patch({})).statusCode).toBe(400);
    expect(
      (await call('PATCH', '/api/invoices/999999/reminders', { enabled: false })).statusCode,
    ).toBe(404);
    expect(
      (await call('PATCH', '/api/invoices/abc/reminders', { enabled: false })).statusCode,
    ).toBe(400);
  });
});
