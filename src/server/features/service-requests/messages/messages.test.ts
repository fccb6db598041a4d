import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../tests/helpers/build-test-app';
import { createUser, signIn } from '../../../../../tests/helpers/factories';
import {
  bowieTechnician,
  northOfBowie,
  submitBowieRequest,
  type BowieTechnician as Tech,
} from '../../../../../tests/helpers/service-requests';
import {
  MESSAGES_PER_HOUR,
  ONLY_PARTICIPANTS,
  THREAD_NOT_OPEN,
  threadClosed,
} from '@shared/schemas/request-messages';
import {
  auditLog,
  jobNotifications,
  notificationSettings,
  outbox,
  requestMessages,
  serviceRequests,
} from '../../../db/schema';

let t: TestApp;
let admin = '';
beforeAll(async () => {
  t = await buildTestApp();
  const a = await createUser(t.app, { role: 'admin' });
  admin = await signIn(t.app, a.username!);
});
afterAll(() => t.close());

const tech = (miles: number, specialty: string) =>
  bowieTechnician(t.app, { ...northOfBowie(miles), specialties: [specialty] });
const submit = (serviceType: string, email: string) =>
  submitBowieRequest(t.app, serviceType, email);

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

async function accept(who: Tech, requestId: number) {
  const [n] = await t.app.db
    .select()
    .from(jobNotifications)
    .where(
      and(
        eq(jobNotifications.serviceRequestId, requestId),
        eq(jobNotifications.technicianId, who.id),
        eq(jobNotifications.status, 'pending'),
      ),
    );
  const res = await call('PATCH', `/api/job-notifications/${n!.id}/accept`, who.cookie);
  expect(res.statusCode, res.body).toBe(200);
}

const messages = (reference: string, token?: string) =>
  `/api/service-requests/${reference}/messages${token ? `?t=${token}` : ''}`;
const read = (reference: string, token?: string) =>
  `/api/service-requests/${reference}/messages/read${token ? `?t=${token}` : ''}`;
const mails = (template: string) =>
  t.app.db.select().from(outbox).where(eq(outbox.template, template));

describe('messages between the customer and the technician', () => {
  it('open at acceptance: each side writes, the other is told once a burst, reads mark read', async () => {
    const a = await tech(0.1, 'Electrical');
    const job = await submit('Electrical', 'thread@example.com');

    // Before anyone accepts, the thread is shown closed and refuses messages.
    const early = await call('GET', messages(job.reference, job.token));
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json()).toMatchObject({
      messages: [],
      you: 'customer',
      canWrite: false,
      closedReason: THREAD_NOT_OPEN,
    });
    const refused = await call('POST', messages(job.reference, job.token), undefined, {
      message: 'Anyone there?',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(THREAD_NOT_OPEN);

    await accept(a, job.id);
    const sent = await call('POST', messages(job.reference), a.cookie, {
      message: 'I will bring the oil filter for your car.',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      message: 'Message sent',
      sent: { from: 'technician', body: 'I will bring the oil filter for your car.', read: false },
    });
    const [toCustomer] = await mails('job_message');
    expect(toCustomer).toMatchObject({ toAddress: 'thread@example.com' });
    expect(toCustomer!.textBody).toContain('I will bring the oil filter for your car.');
    expect(toCustomer!.textBody).toContain('#messages');

    // The customer (signed link) reads it, and replies twice in a row: one notice.
    const customerView = await call('GET', messages(job.reference, job.token));
    expect(customerView.json()).toMatchObject({ you: 'customer', canWrite: true, unread: 1 });
    for (const text of ['Thanks! The car is in the driveway.', 'The gate code is 4412.']) {
      const r = await call('POST', messages(job.reference, job.token), undefined, {
        message: `  ${text}  `,
      });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().sent).toMatchObject({ from: 'customer', body: text, authorName: 'Pat' });
    }
    const toTech = await mails('job_message_technician');
    expect(toTech).toHaveLength(1);
    expect(toTech[0]).toMatchObject({ toAddress: a.email });
    expect(toTech[0]!.textBody).toContain('Thanks! The car is in the driveway.');

    expect((await call('POST', read(job.reference, job.token))).json()).toEqual({ unread: 0 });
    const techView = (await call('GET', messages(job.reference), a.cookie)).json();
    expect(techView).toMatchObject({ you: 'technician', unread: 2 });
    expect(techView.messages.map((m: { from: string; read: boolean }) => [m.from, m.read])).toEqual(
      [
        ['technician', true],
        ['customer', false],
        ['customer', false],
      ],
    );
    expect((await call('POST', read(job.reference), a.cookie)).statusCode).toBe(200);
    const after = (await call('GET', messages(job.reference, job.token))).json();
    expect(after.messages.map((m: { read: boolean }) => m.read)).toEqual([true, true, true]);

    // A later message, after the burst was read, notifies again.
    await call('POST', messages(job.reference, job.token), undefined, { message: 'One more.' });
    expect(await mails('job_message_technician')).toHaveLength(2);
  });

  it('only the two participants: admins 403, other technicians, visitors and wrong links 404', async () => {
    const a = await tech(0.1, 'Diagnostics');
    const other = await tech(40, 'Diagnostics');
    const job = await submit('Diagnostics', 'private@example.com');
    await accept(a, job.id);
    const asAdmin = await call('GET', messages(job.reference), admin);
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().message).toBe(ONLY_PARTICIPANTS);
    expect((await call('POST', messages(job.reference), admin, { message: 'Hi' })).statusCode).toBe(
      403,
    );
    expect((await call('GET', messages(job.reference), other.cookie)).statusCode).toBe(404);
    expect((await call('GET', messages(job.reference))).statusCode).toBe(404);
    expect((await call('GET', messages(job.reference, 'forged'))).statusCode).toBe(404);
    expect(
      (await call('POST', messages(job.reference), undefined, { message: 'Hi' })).statusCode,
    ).toBe(404);
    expect((await call('GET', messages('WR-999999', job.token))).statusCode).toBe(404);
  });

  it('a technician who gives the job back loses the thread; the next one starts afresh', async () => {
    const a = await tech(0.1, 'Transmission');
    const b = await tech(0.3, 'Transmission');
    const job = await submit('Transmission', 'handover@example.com');
    await accept(a, job.id);
    await call('POST', messages(job.reference), a.cookie, { message: 'On it tomorrow.' });
    const back = await call('POST', `/api/service-requests/${job.reference}/moves`, a.cookie, {
      move: 'cancel',
      reason: 'Out of parts',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await call('GET', messages(job.reference), a.cookie)).statusCode).toBe(404);
    expect(
      (await call('POST', messages(job.reference), a.cookie, { message: 'Sorry' })).statusCode,
    ).toBe(404);
    await accept(b, job.id);
    const fresh = (await call('GET', messages(job.reference), b.cookie)).json();
    expect(fresh).toMatchObject({ messages: [], canWrite: true });
    expect((await call('GET', messages(job.reference, job.token))).json().messages).toEqual([]);
  });

  it('closes 30 days after completion and when canceled; reading stays', async () => {
    const a = await tech(0.1, 'Suspension');
    const job = await submit('Suspension', 'closing@example.com');
    await accept(a, job.id);
    const moves = `/api/service-requests/${job.reference}/moves`;
    const at = (h: number) => new Date(t.clock.now.getTime() + h * 3600_000).toISOString();
    const step = async (cookie: string | undefined, body: object) => {
      const res = await call('POST', cookie ? moves : `${moves}?t=${job.token}`, cookie, body);
      expect(res.statusCode, res.body).toBe(200);
    };
    await step(a.cookie, { move: 'propose_window', windowStart: at(20), windowEnd: at(22) });
    await step(undefined, { move: 'confirm_window' });
    await step(a.cookie, { move: 'start_route' });
    await step(a.cookie, { move: 'start_work' });
    await step(a.cookie, { move: 'complete' });
    const done = (await call('GET', messages(job.reference), a.cookie)).json();
    expect(done).toMatchObject({ canWrite: true, closedReason: null });
    expect(Date.parse(done.closesAt) - t.clock.now.getTime()).toBeGreaterThan(29 * 86_400_000);
    await call('POST', messages(job.reference), a.cookie, { message: 'How is the ride now?' });

    const canceled = await submit('Suspension', 'canceled@example.com');
    await accept(a, canceled.id);
    const gone = await call(
      'POST',
      `/api/service-requests/${canceled.reference}/moves?t=${canceled.token}`,
      undefined,
      {
        move: 'cancel',
      },
    );
    expect(gone.statusCode, gone.body).toBe(200);
    // Canceled before anyone accepted: the thread says so, not that it opens at acceptance.
    const never = await submit('Suspension', 'never@example.com');
    expect(
      (
        await call(
          'POST',
          `/api/service-requests/${never.reference}/moves?t=${never.token}`,
          undefined,
          {
            move: 'cancel',
          },
        )
      ).statusCode,
    ).toBe(200);
    expect((await call('GET', messages(never.reference, never.token))).json()).toMatchObject({
      canWrite: false,
      closedReason: 'This job is canceled',
    });
    const closed = await call('POST', messages(canceled.reference, canceled.token), undefined, {
      message: 'Hello again',
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe('This job is canceled');

    t.clock.advance(31 * 86_400_000);
    const late = await call('POST', messages(job.reference, job.token), undefined, {
      message: 'Great, thanks',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(threadClosed(30));
    const still = (await call('GET', messages(job.reference, job.token))).json();
    expect(still).toMatchObject({ canWrite: false, closedReason: threadClosed(30) });
    expect(still.messages).toHaveLength(1);
  });

  it('bounded: empty, blank and over-long messages 400; a side past its hourly count 429', async () => {
    const a = await tech(0.1, 'AC Repair');
    const job = await submit('AC Repair', 'bounds@example.com');
    await accept(a, job.id);
    for (const message of ['', '   ', 'x'.repeat(2001)]) {
      const r = await call('POST', messages(job.reference), a.cookie, { message });
      expect(r.statusCode, message.slice(0, 10)).toBe(400);
    }
    expect((await call('POST', messages(job.reference), a.cookie, {})).statusCode).toBe(400);
    // HTML is kept as text (the page renders it as text, never as markup).
    const html = await call('POST', messages(job.reference), a.cookie, {
      message: '<b>bold</b> & <script>x</script>',
    });
    expect(html.json().sent.body).toBe('<b>bold</b> & <script>x</script>');
    for (let i = 1; i < MESSAGES_PER_HOUR; i++)
      expect(
        (await call('POST', messages(job.reference), a.cookie, { message: `#${i}` })).statusCode,
      ).toBe(200);
    const over = await call('POST', messages(job.reference), a.cookie, { message: 'one too many' });
    expect(over.statusCode).toBe(429);
    // The other side has its own count.
    expect(
      (await call('POST', messages(job.reference, job.token), undefined, { message: 'Hi' }))
        .statusCode,
    ).toBe(200);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a message and a move at once (PostgreSQL)', () => {
  it('a message that meets the job being given back waits for it, then is refused', async () => {
    const a = await tech(0.1, 'Oil Change');
    const job = await submit('Oil Change', 'race@example.com');
    await accept(a, job.id);
    let sending: ReturnType<typeof call> | undefined;
    await t.app.db.transaction(async (tx) => {
      // A move holds the request's row (as giving the job back does) ...
      await tx.execute(sql`select id from service_requests where id = ${job.id} for update`);
      sending = call('POST', messages(job.reference), a.cookie, { message: 'Still coming' });
      // ... the message reaches it and waits (seen from another connection) ...
      await expect
        .poll(async () => {
          const { rows } = (await t.app.db.execute(
            sql`select count(*)::int as n from pg_stat_activity
                where wait_event_type = 'Lock' and datname = current_database()`,
          )) as unknown as { rows: { n: number }[] };
          return rows[0]!.n;
        })
        .toBeGreaterThan(0);
      // ... and the move gives the job back before the message goes on.
      await tx
        .update(serviceRequests)
        .set({ assignedTechnicianId: null, status: 'dispatching' })
        .where(eq(serviceRequests.id, job.id));
    });
    const res = await sending!;
    expect(res.statusCode, res.body).toBe(404);
    const kept = await t.app.db
      .select()
      .from(requestMessages)
      .where(eq(requestMessages.serviceRequestId, job.id));
    expect(kept).toEqual([]);
  });
});

describe('reporting a message', () => {
  it("a participant reports the other side's message; admins see that thread and no other", async () => {
    const a = await tech(0.2, 'Suspension');
    const reported = await submit('Suspension', 'reporter@example.com');
    const quiet = await submit('Suspension', 'quiet@example.com');
    await accept(a, reported.id);
    await accept(a, quiet.id);
    const rude = await call('POST', messages(reported.reference), a.cookie, {
      message: 'Pay me in cash off the app and skip the fees.',
    });
    const own = await call('POST', messages(reported.reference, reported.token), undefined, {
      message: 'Please keep it on the app.',
    });
    await call('POST', messages(quiet.reference), a.cookie, { message: 'See you at 9.' });
    const report = (id: number, payload: object, token?: string, cookie?: string) =>
      call(
        'POST',
        `/api/service-requests/${reported.reference}/messages/${id}/report${token ? `?t=${token}` : ''}`,
        cookie,
        payload,
      );
    const rudeId = rude.json().sent.id as number;

    // Not one's own message, not without a reason, not a message of another thread.
    const ownReport = await report(own.json().sent.id, { reason: 'test' }, reported.token);
    expect(ownReport.statusCode).toBe(400);
    expect(ownReport.json().message).toBe("You can report the other side's messages, not your own");
    expect((await report(rudeId, { reason: '' }, reported.token)).statusCode).toBe(400);
    expect((await report(rudeId + 1000, { reason: 'spam' }, reported.token)).statusCode).toBe(404);
    // Someone else (no link, no session) gets the unknown request's 404.
    expect((await report(rudeId, { reason: 'spam' })).statusCode).toBe(404);

    const ok = await report(rudeId, { reason: 'Asks to pay off the platform' }, reported.token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ message: 'Message reported' });

    // Admins: the reported thread, whole, with the report; not the quiet one. (A session of
    // its own: earlier tests moved the clock past the first one's life.)
    const a2 = await createUser(t.app, { role: 'admin' });
    const admin2 = await signIn(t.app, a2.username!);
    const list = await call('GET', '/api/admin/reported-threads', admin2);
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json();
    expect(body.total).toBe(1);
    expect(body.threads).toHaveLength(1);
    expect(body.threads[0]).toMatchObject({
      reference: reported.reference,
      serviceType: 'Suspension',
    });
    expect(body.threads[0].messages.map((m: { body: string }) => m.body)).toEqual([
      'Pay me in cash off the app and skip the fees.',
      'Please keep it on the app.',
    ]);
    expect(body.threads[0].messages[0].report).toMatchObject({
      by: 'customer',
      reason: 'Asks to pay off the platform',
    });
    expect(body.threads[0].messages[1].report).toBeNull();
    // Only admins; and the report and each look are in the audit log.
    expect((await call('GET', '/api/admin/reported-threads', a.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/reported-threads')).statusCode).toBe(401);
    const audit = await t.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(like(auditLog.action, 'message.%'))
      .orderBy(auditLog.id);
    expect(audit.map((r) => r.action)).toEqual(['message.report', 'message.reports_viewed']);
    // A thread still refuses an admin's reading through the participants' route.
    expect((await call('GET', messages(reported.reference), admin2)).statusCode).toBe(403);
  });
});

describe('unread messages across jobs', () => {
  it("count the other side's unread messages per request, for the header", async () => {
    const a = await tech(0.3, 'AC Repair');
    const customer = await createUser(t.app, { role: 'customer' });
    const customerCookie = await signIn(t.app, customer.username!);
    const one = await submitBowieRequest(t.app, 'AC Repair', 'una@example.com', customerCookie);
    const two = await submitBowieRequest(t.app, 'AC Repair', 'una@example.com', customerCookie);
    await accept(a, one.id);
    await accept(a, two.id);
    for (const m of ['On my way', 'Running late'])
      await call('POST', messages(one.reference), a.cookie, { message: m });
    await call('POST', messages(two.reference), a.cookie, { message: 'Tomorrow then' });
    await call('POST', messages(two.reference), customerCookie, { message: 'Thanks!' });

    const mine = await call('GET', '/api/messages/unread', customerCookie);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toEqual({
      unread: 3,
      requests: [
        { reference: two.reference, unread: 1 },
        { reference: one.reference, unread: 2 },
      ],
    });
    expect((await call('GET', '/api/messages/unread', a.cookie)).json()).toEqual({
      unread: 1,
      requests: [{ reference: two.reference, unread: 1 }],
    });
    // Read on the page: gone from the count.
    await call('POST', read(one.reference), customerCookie);
    expect((await call('GET', '/api/messages/unread', customerCookie)).json().unread).toBe(1);
    expect((await call('GET', '/api/messages/unread')).statusCode).toBe(401);
  });
});

describe('telling the other side, by their choices and quiet hours', () => {
  it('texts each side who chose texts; at night it waits for the end of their quiet hours', async () => {
    const a = await tech(0.1, 'Suspension');
    await t.app.db
      .insert(notificationSettings)
      .values({ technicianId: a.id, sms: true, smsPhone: '+13015550190', quietHoursEnabled: true })
      .onConflictDoUpdate({
        target: notificationSettings.technicianId,
        set: { sms: true, smsPhone: '+13015550190', quietHoursEnabled: true },
      });
    const job = await submit('Suspension', 'quiet.nights@example.com');
    await accept(a, job.id);
    // The customer asked for texts on the request.
    await t.app.db
      .update(serviceRequests)
      .set({ smsUpdatesPhone: '+13015550191', smsUpdatesConsentAt: t.clock.now })
      .where(eq(serviceRequests.id, job.id));
    // 10 PM in New York: inside the technician's 21:00-07:00 and the customers' 21:00-08:00.
    t.clock.set(new Date('2026-12-02T03:00:00Z'));

    const asked = await call('POST', messages(job.reference, job.token), undefined, {
      message: 'Can you bring the struts tomorrow?',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const toTech = (await mails('job_message_technician')).filter((m) =>
      m.subject.includes(job.reference),
    );
    expect(toTech.map((m) => m.channel).sort()).toEqual(['email', 'sms']);
    for (const m of toTech) expect(m.availableAt.toISOString()).toBe('2026-12-02T12:00:00.000Z'); // 7 AM EST

    const answered = await call('POST', messages(job.reference), a.cookie, {
      message: 'Yes, I have them in the van.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const toCustomer = (await mails('job_message')).filter(
      (m) => m.textBody.includes(job.reference) || m.subject.includes('Message from'),
    );
    const sms = toCustomer.find((m) => m.channel === 'sms' && m.toAddress === '+13015550191');
    expect(sms!.textBody).toContain('Yes, I have them in the van.');
    expect(sms!.availableAt.toISOString()).toBe('2026-12-02T13:00:00.000Z'); // 8 AM EST
    // The e-mail is not held: an inbox does not ring.
    const email = toCustomer.find(
      (m) => m.channel === 'email' && m.toAddress === 'quiet.nights@example.com',
    );
    expect(email!.availableAt.getTime()).toBeLessThanOrEqual(t.clock.now.getTime());
  });
});
