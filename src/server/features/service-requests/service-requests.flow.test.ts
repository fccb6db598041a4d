import { TAX_EXEMPT } from '../../../../tests/helpers/pos';
import type { AddressInfo } from 'node:net';
import { eq, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { createUser, signIn } from '../../../../tests/helpers/factories';
import {
  bowie,
  bowieTechnician,
  northOfBowie as north,
  submitBowieRequest,
  type BowieTechnician,
} from '../../../../tests/helpers/service-requests';
import {
  jobNotifications,
  outbox,
  realtimeEvents,
  serviceRequestEvents,
  serviceRequests,
  technicians,
} from '../../db/schema';
import { IDEMPOTENCY_KEY_REUSED } from '../../infra/payments';

let t: TestApp;
let admin = '';
beforeAll(async () => {
  t = await buildTestApp();
  const a = await createUser(t.app, { role: 'admin' });
  admin = await signIn(t.app, a.username!);
});
afterAll(() => t.close());

type Tech = BowieTechnician;
const tech = (opts: Parameters<typeof bowieTechnician>[1] = {}) => bowieTechnician(t.app, opts);
const submit = (serviceType: string, email: string, cookie?: string) =>
  submitBowieRequest(t.app, serviceType, email, cookie);

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  cookie?: string,
  payload?: object,
) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

/** The request's API path with the guest's token from its page path. */
const api = (requestPath: string, suffix = '') => {
  const [path, query] = requestPath.split('?');
  return `/api/service-requests/${path!.split('/').pop()}${suffix}?${query}`;
};

async function pendingOf(requestId: number, technicianId: number) {
  const [n] = await t.app.db
    .select()
    .from(jobNotifications)
    .where(eq(jobNotifications.serviceRequestId, requestId));
  const rows = await t.app.db
    .select()
    .from(jobNotifications)
    .where(eq(jobNotifications.technicianId, technicianId));
  return rows.find((r) => r.serviceRequestId === requestId && r.status === 'pending') ?? n;
}

/** A one-line labor quote for the job, made at the point of sale; 201 asserted. */
async function jobQuote(who: Tech, jobId: number, description: string, unitPrice: number) {
  const res = await call('POST', '/api/quotes', who.cookie, {
    customerName: 'Pat Doe',
    vehicleInfo: '2019 Ford Focus',
    items: [{ type: 'labor', description, quantity: 1, unitPrice }],
    ...TAX_EXEMPT,
    serviceRequestId: jobId,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; jobReference: string | null };
}

/** The technician gives the job back with the reason. */
const giveBack = (who: Tech, reference: string, reason: string) =>
  call('POST', `/api/service-requests/${reference}/moves`, who.cookie, { move: 'cancel', reason });

const window = (hoursFromNow: number) => ({
  windowStart: new Date(t.clock.now.getTime() + hoursFromNow * 3600_000).toISOString(),
  windowEnd: new Date(t.clock.now.getTime() + (hoursFromNow + 2) * 3600_000).toISOString(),
});

describe('a guest follows a job from request to review', () => {
  it('goes through every state; the page shows each step; the e-mails link back', async () => {
    const a = await tech({ ...north(1), specialties: ['Brake Service'] });
    const email = 'guest-flow@example.com';
    const created = await submit('Brake Service', email);
    expect(created.reference).toMatch(/^WR-\d{6}$/);
    expect(created.requestPath).toMatch(/^\/requests\/WR-\d{6}\?t=[\w-]{43}$/);
    expect(created.status).toBe('dispatching');

    // The guest's page: dispatch running, one technician notified, a countdown.
    let page = await call('GET', api(created.requestPath));
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({
      viewer: 'customer',
      status: 'dispatching',
      problem: 'It makes a noise when braking, front left.',
      dispatch: { round: 1, rounds: 3, notifiedNow: 1, notifiedTotal: 1 },
      actions: ['cancel'],
    });
    expect(Date.parse(page.json().dispatch.roundEndsAt)).toBeGreaterThan(t.clock.now.getTime());
    expect(page.json().timeline.map((e: { move: string }) => e.move)).toEqual([
      'submit',
      'dispatch_round',
    ]);

    const n = await pendingOf(created.id, a.id);
    expect(
      (await call('PATCH', `/api/job-notifications/${n!.id}/accept`, a.cookie)).statusCode,
    ).toBe(200);
    page = await call('GET', api(created.requestPath));
    expect(page.json()).toMatchObject({
      status: 'accepted',
      technician: { id: a.id },
      window: null,
      actions: ['cancel'],
    });

    // The technician's view: contact, directions, the next moves.
    const job = await call('GET', `/api/service-requests/${created.reference}`, a.cookie);
    expect(job.json()).toMatchObject({
      viewer: 'technician',
      customer: { name: 'Pat Doe', email },
      actions: ['propose_window', 'cancel'],
    });
    expect(job.json().directionsUrl).toContain('google.com/maps/dir');
    const jobs = await call('GET', '/api/jobs', a.cookie);
    expect(jobs.json().active.map((j: { reference: string }) => j.reference)).toEqual([
      created.reference,
    ]);

    const move = (
      who: string | undefined,
      body: object,
      url = api(created.requestPath, '/moves'),
    ) => call('POST', who ? `/api/service-requests/${created.reference}/moves` : url, who, body);

    expect((await move(a.cookie, { move: 'propose_window', ...window(20) })).statusCode).toBe(200);
    // Declined, proposed again, confirmed.
    expect((await move(undefined, { move: 'decline_window' })).json()).toMatchObject({
      status: 'accepted',
      window: null,
    });
    expect((await move(a.cookie, { move: 'propose_window', ...window(26) })).statusCode).toBe(200);
    const confirmed = await move(undefined, { move: 'confirm_window' });
    expect(confirmed.json()).toMatchObject({ status: 'scheduled' });
    expect(confirmed.json().window.confirmedAt).toBeTruthy();
    expect((await move(a.cookie, { move: 'start_route' })).json().status).toBe('en_route');
    expect((await move(a.cookie, { move: 'start_work' })).json().status).toBe('in_progress');

    // A quote for the job, signed by the guest on their page; its invoice paid by card there.
    const q = await call('POST', '/api/quotes', a.cookie, {
      customerName: 'Pat Doe',
      vehicleInfo: '2019 Ford Focus',
      customerEmail: email,
      items: [{ type: 'labor', description: 'Replace pads', quantity: 1, unitPrice: 120 }],
      ...TAX_EXEMPT,
      serviceRequestId: created.id,
    });
    expect(q.statusCode, q.body).toBe(201);
    expect(q.json().jobReference).toBe(created.reference);
    // Saved, it is the technician's draft; sent, it is on the guest's page to sign.
    page = await call('GET', api(created.requestPath));
    expect(page.json().quotes).toEqual([]);
    const sent = await call('POST', `/api/pos/quotes/${q.json().id}/send`, a.cookie, {});
    expect(sent.statusCode, sent.body).toBe(200);
    page = await call('GET', api(created.requestPath));
    expect(page.json().quotes).toMatchObject([{ id: q.json().id, status: 'draft', canSign: true }]);
    const signed = await call(
      'POST',
      api(created.requestPath, `/quotes/${q.json().id}/approve`),
      undefined,
      { signature: 'data:image/png;base64,iVBORw0KGgo=', version: 1 },
    );
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json().quotes[0]).toMatchObject({ status: 'approved', canSign: false });
    const inv = await call('POST', '/api/invoices', a.cookie, { quoteId: q.json().id });
    expect(inv.statusCode, inv.body).toBe(201);
    expect(inv.json().serviceRequestId).toBe(created.id);
    page = await call('GET', api(created.requestPath));
    const invoice = page.json().invoices[0];
    expect(invoice).toMatchObject({ total: '120.00', balance: '120.00', canPay: true });
    const token = (
      await call('POST', '/api/payments/sandbox/tokenize', undefined, {
        number: '4111 1111 1111 1111',
        expiry: '12/39',
        cvv: '123',
      })
    ).json().token;
    const paid = await call(
      'POST',
      api(created.requestPath, `/invoices/${invoice.id}/pay`),
      undefined,
      {
        sourceId: token,
        idempotencyKey: 'guest-pays-0001',
      },
    );
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ success: true, payment: { amount: '120.00' } });
    page = await call('GET', api(created.requestPath));
    expect(page.json().invoices[0]).toMatchObject({
      status: 'paid',
      balance: '0.00',
      canPay: false,
    });
    expect(page.json().payments).toHaveLength(1);

    // Completed: counted, e-mailed with the review link.
    const done = await move(a.cookie, { move: 'complete' });
    expect(done.json()).toMatchObject({ status: 'completed', actions: [] });
    // The link the submitter got back follows the job; the e-mailed one reviews it (ADR 025).
    const guestView = await call('GET', api(created.requestPath));
    expect(guestView.json()).toMatchObject({ canReview: false, actions: [] });
    const [techRow] = await t.app.db.select().from(technicians).where(eq(technicians.id, a.id));
    expect(techRow!.completedJobs).toBe(1);
    // The quote's own e-mail links to its approval page; the job's e-mails to the request's.
    const mails = (await t.app.db.select().from(outbox).where(eq(outbox.toAddress, email))).filter(
      (m) => m.template !== 'pos_quote',
    );
    expect(mails.map((m) => m.template)).toEqual(
      expect.arrayContaining([
        'job_accepted',
        'job_window_proposed',
        'job_window_confirmed',
        'job_en_route',
        'job_invoice_ready',
        'job_completed',
      ]),
    );
    // The quote reached the customer by its own e-mail, not a second one about the job.
    expect(mails.map((m) => m.template)).not.toContain('job_quote_ready');
    const [mailedPath] = mails[0]!.textBody.match(/\/requests\/WR-\d{6}\?t=[\w-]{43}/)!;
    expect(mailedPath).not.toBe(created.requestPath);
    for (const m of mails) expect(m.textBody, m.template).toContain(mailedPath);
    // The completion e-mail's link lands on the review form.
    const completed = mails.find((m) => m.template === 'job_completed')!;
    expect(completed.textBody).toContain(`Write a review:\n`);
    expect(completed.textBody).toMatch(/\/requests\/WR-\d{6}\?t=[\w-]{43}#review\n/);
    expect((await call('GET', api(mailedPath!))).json()).toMatchObject({ canReview: true });

    // The timeline holds every move, with who and when.
    const events = await t.app.db
      .select()
      .from(serviceRequestEvents)
      .where(eq(serviceRequestEvents.serviceRequestId, created.id))
      .orderBy(serviceRequestEvents.id);
    expect(events.map((e) => `${e.move}:${e.toStatus}:${e.actorRole}`)).toEqual([
      'submit:requested:system',
      'dispatch_round:dispatching:system',
      'accept:accepted:technician',
      'propose_window:accepted:technician',
      'decline_window:accepted:customer',
      'propose_window:accepted:technician',
      'confirm_window:scheduled:customer',
      'start_route:en_route:technician',
      'start_work:in_progress:technician',
      // What happened to its documents is on the timeline too, the status unchanged.
      'quote_sent:in_progress:system',
      'quote_signed:in_progress:system',
      'invoice_issued:in_progress:system',
      'payment_received:in_progress:system',
      'invoice_paid:in_progress:system',
      'complete:completed:technician',
    ]);
  });
});

describe('who sees a request', () => {
  it('the owner signed in, the link, the assigned technician and admins; nobody else', async () => {
    const owner = await createUser(t.app, { role: 'customer' });
    const cookie = await signIn(t.app, owner.username!);
    const created = await submit('Engine Repair', owner.email, cookie);
    const url = `/api/service-requests/${created.reference}`;
    expect((await call('GET', url, cookie)).json().viewer).toBe('customer');
    expect((await call('GET', url, admin)).json()).toMatchObject({
      viewer: 'admin',
      notifications: [],
    });
    expect((await call('GET', '/api/service-requests/WR-999999', admin)).statusCode).toBe(404);
    expect((await call('GET', '/api/service-requests/nope', admin)).statusCode).toBe(400);
    // Everyone else: the answer of an unknown reference, so references cannot be enumerated.
    const other = await createUser(t.app, { role: 'customer' });
    const otherCookie = await signIn(t.app, other.username!);
    const stranger = await tech();
    const second = await submit('Engine Repair', 'second@example.com');
    const otherToken = second.requestPath.split('t=')[1];
    const unknown = '/api/service-requests/WR-999999';
    const refusals: [string, string | undefined][] = [
      ['', undefined], // no session, no link
      [`?t=${'x'.repeat(43)}`, undefined], // a made-up link
      [`?t=${otherToken}`, undefined], // another request's link
      ['', otherCookie], // another customer
      ['', stranger.cookie], // a technician it is not assigned to
    ];
    for (const [query, who] of refusals) {
      const known = await call('GET', `${url}${query}`, who);
      const none = await call('GET', `${unknown}${query}`, who);
      expect(known.statusCode, query).toBe(404);
      expect(known.json(), query).toEqual(none.json());
      expect(known.json().message).toBe('Service request not found');
    }
    // The owner's list.
    const mine = await call('GET', '/api/service-requests', cookie);
    expect(mine.json().map((r: { reference: string }) => r.reference)).toEqual([created.reference]);
  });
});

describe('a technician gives the job back', () => {
  it('goes back to dispatch and reaches others, never the one who gave it back', async () => {
    const a = await tech({ ...north(0.2), specialties: ['AC Repair'] });
    const b = await tech({ ...north(0.4), specialties: ['AC Repair'] });
    const created = await submit('AC Repair', 'giveback@example.com');
    const na = await pendingOf(created.id, a.id);
    await call('PATCH', `/api/job-notifications/${na!.id}/accept`, a.cookie);
    const url = `/api/service-requests/${created.reference}/moves`;
    const noReason = await call('POST', url, a.cookie, { move: 'cancel' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Please give a reason for canceling');
    const res = await call('POST', url, a.cookie, { move: 'cancel', reason: 'Van broke down' });
    expect(res.statusCode, res.body).toBe(200);
    const view = await call('GET', `/api/service-requests/${created.reference}`, admin);
    expect(view.json()).toMatchObject({ status: 'dispatching', technician: null });
    const rows = view.json().notifications as { technicianId: number; status: string }[];
    expect(rows.find((r) => r.technicianId === a.id)).toMatchObject({
      status: 'withdrawn',
      declineReason: 'Van broke down',
    });
    // b was closed when a accepted; asked again now.
    expect(rows.filter((r) => r.technicianId === b.id).map((r) => r.status)).toEqual([
      'closed',
      'pending',
    ]);
    expect(rows.filter((r) => r.technicianId === a.id)).toHaveLength(1);
    // a no longer sees the job.
    expect(
      (await call('GET', `/api/service-requests/${created.reference}`, a.cookie)).statusCode,
    ).toBe(404);
    const mails = await t.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, 'giveback@example.com'));
    expect(mails.map((m) => m.template)).toContain('job_reassigning');
  });
});

describe('unmatched, then tried again farther away', () => {
  it('widening reaches a technician beyond their own radius', async () => {
    const created = await submit('Suspension', 'widen@example.com');
    expect(created.status).toBe('unmatched');
    // 30 miles away with a 10-mile radius: not reached by default.
    const far = await tech({ ...north(30), specialties: ['Suspension'], serviceRadiusMiles: 10 });
    const url = `/api/service-requests/${created.reference}/moves`;
    const guest = api(created.requestPath, '/moves');
    const again = await call('POST', guest, undefined, { move: 'retry_dispatch' });
    expect(again.json().status).toBe('unmatched');
    const bad = await call('POST', guest, undefined, {
      move: 'retry_dispatch',
      maxDistanceMiles: 33,
    });
    expect(bad.statusCode).toBe(400);
    const wide = await call('POST', guest, undefined, {
      move: 'retry_dispatch',
      maxDistanceMiles: 50,
    });
    expect(wide.json()).toMatchObject({
      status: 'dispatching',
      dispatch: { round: 1, notifiedNow: 1, maxDistanceMiles: 50 },
    });
    expect((await pendingOf(created.id, far.id))!.technicianId).toBe(far.id);
    // An admin cancels it, with a reason; the notified technician's card is withdrawn.
    expect((await call('POST', url, admin, { move: 'cancel' })).statusCode).toBe(400);
    const canceled = await call('POST', url, admin, {
      move: 'cancel',
      reason: 'Duplicate request',
    });
    expect(canceled.json()).toMatchObject({
      status: 'canceled',
      cancelReason: 'Duplicate request',
    });
    const [n] = await t.app.db
      .select()
      .from(jobNotifications)
      .where(eq(jobNotifications.technicianId, far.id));
    expect(n!.status).toBe('closed');
  });
});

describe('bad input', () => {
  it('answers 4xx with a clear message and changes nothing', async () => {
    const a = await tech({ ...north(0.3), specialties: ['Oil Change'] });
    const created = await submit('Oil Change', 'bad@example.com');
    const na = await pendingOf(created.id, a.id);
    await call('PATCH', `/api/job-notifications/${na!.id}/accept`, a.cookie);
    const url = `/api/service-requests/${created.reference}/moves`;
    const cases: [object, number, string][] = [
      [{ move: 'fly' }, 400, 'move must be one of'],
      [{ move: 'propose_window' }, 400, 'Please choose the start and end of the arrival window'],
      [
        { move: 'propose_window', windowStart: 'soon', windowEnd: 'later' },
        400,
        'Must be a date and time',
      ],
      [{ move: 'propose_window', ...window(-5) }, 400, 'The arrival window must be in the future'],
      [
        {
          move: 'propose_window',
          windowStart: window(5).windowEnd,
          windowEnd: window(5).windowStart,
        },
        400,
        'The window must end after it starts',
      ],
      [
        {
          move: 'propose_window',
          windowStart: window(5).windowStart,
          windowEnd: window(25).windowStart,
        },
        400,
        'between 15 minutes and 12 hours',
      ],
      [{ move: 'propose_window', ...window(24 * 90) }, 400, 'within 60 days'],
      [
        { move: 'start_route' },
        409,
        "You can't say you are on your way now: the customer has not confirmed an arrival window yet.",
      ],
      [{ move: 'confirm_window' }, 403, 'Only the customer'],
    ];
    for (const [body, code, message] of cases) {
      const res = await call('POST', url, a.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(code);
      expect(res.json().message + JSON.stringify(res.json().issues ?? '')).toContain(message);
    }
    const guest = api(created.requestPath, '/moves');
    expect((await call('POST', guest, undefined, { move: 'confirm_window' })).json().message).toBe(
      'No arrival window has been proposed yet',
    );
    const view = await call('GET', `/api/service-requests/${created.reference}`, a.cookie);
    expect(view.json()).toMatchObject({ status: 'accepted', window: null });
    expect(view.json().timeline).toHaveLength(3);
    const message = await call(
      'POST',
      `/api/service-requests/${created.reference}/messages`,
      a.cookie,
      {
        message: '',
      },
    );
    expect(message.statusCode).toBe(400);
    const sent = await call(
      'POST',
      `/api/service-requests/${created.reference}/messages`,
      a.cookie,
      {
        message: 'I will bring the oil filter for your car.',
      },
    );
    expect(sent.json()).toMatchObject({ message: 'Message sent', sent: { from: 'technician' } });
    const [mail] = await t.app.db.select().from(outbox).where(eq(outbox.template, 'job_message'));
    expect(mail!.textBody).toContain('I will bring the oil filter for your car.');
  });
});

describe('live updates', () => {
  it("the request's stream announces a technician's move within a second", async () => {
    const a = await tech({ ...north(0.1), specialties: ['Electrical'] });
    const created = await submit('Electrical', 'live@example.com');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}${api(created.requestPath, '/stream')}`, {
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (needle: string) => {
      const deadline = Date.now() + 5000;
      while (!text.includes(needle) && Date.now() < deadline) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
      return text.includes(needle);
    };
    expect(await readUntil('event: ready')).toBe(true);
    const na = await pendingOf(created.id, a.id);
    const t0 = Date.now();
    await call('PATCH', `/api/job-notifications/${na!.id}/accept`, a.cookie);
    expect(await readUntil('"status":"accepted"')).toBe(true);
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(text).toContain('event: request.updated');
    controller.abort();
    const anonymous = await fetch(
      `http://127.0.0.1:${port}/api/service-requests/${created.reference}/stream`,
    );
    expect(anonymous.status).toBe(404);
  });
});

describe('a stream outlives no access', () => {
  /**
   * Opens the request's stream over HTTP as a client that has loaded the page does: resuming
   * after the newest event so far (an event committed before the stream opened can still be on
   * its way to this instance, and the stream delivers it: the page may predate it). Reads until
   * a needle, the end, or a deadline.
   */
  async function openStream(reference: string, cookie: string) {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const [newest] = await t.app.db.select({ id: max(realtimeEvents.id) }).from(realtimeEvents);
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/api/service-requests/${reference}/stream`, {
      headers: { cookie, 'last-event-id': String(newest?.id ?? 0) },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const s = { text: '', ended: false };
    const readUntil = async (needle: string | null, ms = 3000) => {
      const deadline = Date.now() + ms;
      while (!s.ended && !(needle && s.text.includes(needle)) && Date.now() < deadline) {
        const next = await Promise.race([
          reader.read(),
          new Promise<null>((r) => setTimeout(() => r(null), Math.max(0, deadline - Date.now()))),
        ]);
        if (next === null) break;
        if (next.done) s.ended = true;
        else s.text += decoder.decode(next.value);
      }
    };
    await readUntil('event: ready');
    expect(s.text).toContain('event: ready');
    return { s, readUntil, close: () => controller.abort() };
  }

  it('a technician who gives the job back receives none of its later events, and the stream ends', async () => {
    const a = await tech({ ...north(0.1), specialties: ['Transmission'] });
    const b = await tech({ ...north(0.3), specialties: ['Transmission'] });
    const created = await submit('Transmission', 'stream-access@example.com');
    const na = await pendingOf(created.id, a.id);
    await call('PATCH', `/api/job-notifications/${na!.id}/accept`, a.cookie);
    const stream = await openStream(created.reference, a.cookie);
    const before = stream.s.text.length;

    const gaveBack = await call(
      'POST',
      `/api/service-requests/${created.reference}/moves`,
      a.cookie,
      { move: 'cancel', reason: 'Out of parts' },
    );
    expect(gaveBack.statusCode, gaveBack.body).toBe(200);
    // The job goes to b; its events are b's and the customer's business now.
    const nb = await pendingOf(created.id, b.id);
    await call('PATCH', `/api/job-notifications/${nb!.id}/accept`, b.cookie);
    await stream.readUntil(null, 1500);
    stream.close();
    const after = stream.s.text.slice(before);
    expect(after).not.toContain('event: request.updated');
    expect(after).toContain('event: access-lost');
    expect(stream.s.ended).toBe(true);
    // Opening it again is refused like an unknown request.
    const again = await call('GET', `/api/service-requests/${created.reference}/stream`, a.cookie);
    expect(again.statusCode).toBe(404);
  });

  it('an owner who signs out receives no more events', async () => {
    const a = await tech({ ...north(0.1), specialties: ['Suspension'] });
    const owner = await createUser(t.app, { role: 'customer' });
    const cookie = await signIn(t.app, owner.username!);
    const created = await submit('Suspension', owner.email, cookie);
    const stream = await openStream(created.reference, cookie);
    const before = stream.s.text.length;
    expect((await call('POST', '/api/auth/signout', cookie)).statusCode).toBe(200);
    const na = await pendingOf(created.id, a.id);
    await call('PATCH', `/api/job-notifications/${na!.id}/accept`, a.cookie);
    await stream.readUntil('event: access-lost', 1500);
    stream.close();
    const after = stream.s.text.slice(before);
    expect(after).not.toContain('event: request.updated');
    expect(after).toContain('event: access-lost');
  });
});

describe('recovery', () => {
  it('a request stored but never dispatched (a crash in between) is dispatched by the sweep', async () => {
    const a = await tech({ ...north(0.1), specialties: ['General Maintenance'] });
    const owner = await createUser(t.app, { role: 'customer' });
    const [row] = await t.app.db
      .insert(serviceRequests)
      .values({
        customerId: owner.id,
        serviceType: 'General Maintenance',
        description: 'Yearly service.',
        location: bowie.name,
        latitude: bowie.latitude,
        longitude: bowie.longitude,
      })
      .returning();
    expect(row!.status).toBe('requested');
    await t.app.dispatch.sweep();
    const n = await pendingOf(row!.id, a.id);
    expect(n).toMatchObject({ technicianId: a.id, status: 'pending' });
    const view = await call(
      'GET',
      `/api/service-requests/WR-${String(row!.id).padStart(6, '0')}`,
      admin,
    );
    expect(view.json()).toMatchObject({ status: 'dispatching', dispatch: { round: 1 } });
  });
});

describe('edges', () => {
  it('a technician who takes over sees none of the previous one’s quotes or reasons', async () => {
    const a = await tech({ ...north(0.2), specialties: ['Engine Repair'] });
    const b = await tech({ ...north(0.3), specialties: ['Engine Repair'] });
    const created = await submit('Engine Repair', 'takeover@example.com');
    const na = await pendingOf(created.id, a.id);
    await call('PATCH', `/api/job-notifications/${na!.id}/accept`, a.cookie);
    await jobQuote(a, created.id, 'SECRET PRICING A', 999);
    const url = `/api/service-requests/${created.reference}/moves`;
    await giveBack(a, created.reference, 'private: customer rude');
    await call('POST', url, admin, { move: 'cancel', reason: 'x' });
    // The admin canceled it: an accept that comes late says so.
    const nb = await t.app.db
      .select()
      .from(jobNotifications)
      .where(eq(jobNotifications.technicianId, b.id));
    const pendingB = nb.find((n) => n.serviceRequestId === created.id && n.status === 'closed');
    expect(pendingB).toBeTruthy();
    const late = await call('PATCH', `/api/job-notifications/${pendingB!.id}/accept`, b.cookie);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This request was canceled');
    // Audited as an admin action.
    const log = await call('GET', '/api/admin/audit-log?action=service_request.cancel', admin);
    expect(JSON.stringify(log.json())).toContain(created.reference);

    // A fresh job: a hands it back, b takes it over and sees a clean slate.
    const second = await submit('Engine Repair', 'takeover2@example.com');
    const n1 = await pendingOf(second.id, a.id);
    await call('PATCH', `/api/job-notifications/${n1!.id}/accept`, a.cookie);
    await jobQuote(a, second.id, 'SECRET PRICING A', 999);
    await giveBack(a, second.reference, 'private: customer rude');
    const n2 = await pendingOf(second.id, b.id);
    expect(
      (await call('PATCH', `/api/job-notifications/${n2!.id}/accept`, b.cookie)).statusCode,
    ).toBe(200);
    const view = await call('GET', `/api/service-requests/${second.reference}`, b.cookie);
    expect(view.json().quotes).toEqual([]);
    expect(JSON.stringify(view.json())).not.toContain('private: customer rude');
    expect(JSON.stringify(view.json())).not.toContain('SECRET PRICING A');
  });

  it('refuses a passed window, and messages once the job is canceled', async () => {
    const a = await tech({ ...north(0.2), specialties: ['Diagnostics'] });
    const created = await submit('Diagnostics', 'edges@example.com');
    const na = await pendingOf(created.id, a.id);
    await call('PATCH', `/api/job-notifications/${na!.id}/accept`, a.cookie);
    const url = `/api/service-requests/${created.reference}/moves`;
    await call('POST', url, a.cookie, { move: 'propose_window', ...window(1) });
    t.clock.advance(4 * 3600_000);
    const late = await call('POST', api(created.requestPath, '/moves'), undefined, {
      move: 'confirm_window',
    });
    t.clock.advance(-4 * 3600_000);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This arrival window has passed; please ask for a new one');
    await call('POST', api(created.requestPath, '/moves'), undefined, { move: 'cancel' });
    const msg = await call(
      'POST',
      `/api/service-requests/${created.reference}/messages`,
      a.cookie,
      {
        message: 'Hello again',
      },
    );
    expect(msg.statusCode).toBe(409);
  });

  it('one idempotency key on two invoices of a job pays each, never answers for the other', async () => {
    const a = await tech({ ...north(0.2), specialties: ['Oil Change'] });
    const created = await submit('Oil Change', 'twoinvoices@example.com');
    const na = await pendingOf(created.id, a.id);
    await call('PATCH', `/api/job-notifications/${na!.id}/accept`, a.cookie);
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const q = await jobQuote(a, created.id, `Part ${i}`, 50);
      await call('PATCH', `/api/quotes/${q.id}/approve`, a.cookie, {
        signature: 'data:image/png;base64,iVBORw0KGgo=',
        version: 1,
      });
      const inv = await call('POST', '/api/invoices', a.cookie, { quoteId: q.id });
      ids.push(inv.json().id);
    }
    for (const id of ids) {
      const token = (
        await call('POST', '/api/payments/sandbox/tokenize', undefined, {
          number: '4111 1111 1111 1111',
          expiry: '12/39',
          cvv: '123',
        })
      ).json().token;
      const paid = await call('POST', api(created.requestPath, `/invoices/${id}/pay`), undefined, {
        sourceId: token,
        idempotencyKey: 'same-key-0001',
      });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json().payment.invoiceId).toBe(id);
    }
    const page = await call('GET', api(created.requestPath));
    expect(page.json().invoices.map((i: { status: string }) => i.status)).toEqual(['paid', 'paid']);
  });

  it("a customer's retry of a paid invoice gets the first answer; another key is refused", async () => {
    const a = await tech({ ...north(0.2), specialties: ['Oil Change'] });
    const created = await submit('Oil Change', 'retrypay@example.com');
    const na = await pendingOf(created.id, a.id);
    await call('PATCH', `/api/job-notifications/${na!.id}/accept`, a.cookie);
    const q = await jobQuote(a, created.id, 'Oil and filter', 1500);
    await call('PATCH', `/api/quotes/${q.id}/approve`, a.cookie, {
      signature: 'data:image/png;base64,iVBORw0KGgo=',
      version: 1,
    });
    const id = (await call('POST', '/api/invoices', a.cookie, { quoteId: q.id })).json().id;
    const tokenize = async () =>
      (
        await call('POST', '/api/payments/sandbox/tokenize', undefined, {
          number: '4111 1111 1111 1111',
          expiry: '12/39',
          cvv: '123',
        })
      ).json().token as string;
    const pay = (idempotencyKey: string, sourceId: string) =>
      call('POST', api(created.requestPath, `/invoices/${id}/pay`), undefined, {
        sourceId,
        idempotencyKey,
      });
    const token = await tokenize();
    const first = await pay('retry-pay-0001', token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ success: true, payment: { amount: '1500.00' } });
    // The invoice is paid by now: the same request again answers as the first time.
    const again = await pay('retry-pay-0001', token);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    // The key with another card is another request: refused, not answered as paid.
    const otherCard = await pay('retry-pay-0001', await tokenize());
    expect(otherCard.statusCode).toBe(409);
    expect(otherCard.json().message).toBe(IDEMPOTENCY_KEY_REUSED);
    const other = await pay('retry-pay-0002', await tokenize());
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('This invoice is already paid');
    const page = await call('GET', api(created.requestPath));
    expect(page.json().payments).toHaveLength(1);
  });
});
