import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { createTechnician, createUser, signIn } from '../../../../tests/helpers/factories';
import { LOCATIONS } from '@shared/constants/locations';
import { jobNotifications, outbox, serviceRequests, verifications } from '../../db/schema';

const bowie = LOCATIONS.find((l) => l.name === 'Bowie, MD')!;
const north = (miles: number) => ({
  latitude: bowie.latitude + miles / 69.05,
  longitude: bowie.longitude,
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Tech = { id: number; cookie: string; email: string };
async function tech(opts: Parameters<typeof createTechnician>[1] = {}): Promise<Tech> {
  const { user, technician } = await createTechnician(t.app, {
    location: bowie,
    specialties: ['Brake Service'],
    plan: 'Professional',
    ...opts,
  });
  return { id: technician.id, cookie: await signIn(t.app, user.username!), email: user.email };
}

async function request(serviceType = 'Brake Service', email = 'cust@example.com') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/service-requests',
    payload: {
      serviceType,
      description:
        'Brakes grind.\n\nCustomer: Pat Doe\nEmail: x\nPhone: Not specified\nVehicle: 2019 Ford Focus\nMileage: Not specified',
      urgency: 'high',
      location: 'Bowie, MD',
      customerName: 'Pat Doe',
      customerEmail: email,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; notifiedTechnicians: number };
}

const notificationsOf = (requestId: number) =>
  t.app.db.select().from(jobNotifications).where(eq(jobNotifications.serviceRequestId, requestId));
const list = async (x: Tech) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/job-notifications/technician/${x.id}`,
      headers: { cookie: x.cookie },
    })
  ).json();
const accept = (x: Tech, id: number) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/job-notifications/${id}/accept`,
    headers: { cookie: x.cookie },
  });
const decline = (x: Tech, id: number, payload?: object) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/job-notifications/${id}/decline`,
    headers: { cookie: x.cookie },
    payload,
  });

describe('matching', () => {
  it('notifies at most 5 qualified technicians, nearest first, and never the unqualified', async () => {
    const near = await Promise.all([1, 2, 3, 4, 5, 6].map((m) => tech({ ...north(m) })));
    const wrongSpecialty = await tech({ ...north(0.5), specialties: ['Oil Change'] });
    const unavailable = await tech({ ...north(0.5), isAvailable: false });
    const pending = await tech({ ...north(0.5), status: 'pending' });
    const shortRadius = await tech({ ...north(0.8), serviceRadiusMiles: 1 }); // 0.8 mi away, radius 1: qualifies
    const outOfReach = await tech({ ...north(3.5), serviceRadiusMiles: 3 });
    // Not certified (ADR 033): a license that expired, an insurance rejected, nothing verified.
    const record = (
      technicianId: number,
      verificationType: 'license' | 'insurance',
      verificationStatus: 'verified' | 'rejected' | 'pending',
      expirationDate: string | null = null,
    ) =>
      t.app.db.insert(verifications).values({
        technicianId,
        verificationType,
        credentialName: verificationType === 'license' ? 'L' : 'I',
        issuingOrganization: 'MVA',
        verificationStatus,
        expirationDate,
      });
    const expiredLicense = await tech({ ...north(0.5), credentials: false });
    await record(expiredLicense.id, 'license', 'verified', '2020-01-01');
    await record(expiredLicense.id, 'insurance', 'verified');
    const rejectedInsurance = await tech({ ...north(0.5), credentials: false });
    await record(rejectedInsurance.id, 'license', 'verified');
    await record(rejectedInsurance.id, 'insurance', 'rejected');
    const inReview = await tech({ ...north(0.5), credentials: false });
    await record(inReview.id, 'license', 'pending');
    await record(inReview.id, 'insurance', 'pending');
    const noCredentials = await tech({ ...north(0.5), credentials: false });

    const r = await request();
    expect(r.notifiedTechnicians).toBe(5);
    const notified = (await notificationsOf(r.id)).sort(
      (a, b) => a.distanceMiles! - b.distanceMiles!,
    );
    expect(notified.map((n) => n.technicianId)).toEqual([
      shortRadius.id,
      near[0]!.id,
      near[1]!.id,
      near[2]!.id,
      near[3]!.id,
    ]);
    for (const excluded of [
      wrongSpecialty,
      unavailable,
      pending,
      outOfReach,
      expiredLicense,
      rejectedInsurance,
      inReview,
      noCredentials,
    ]) {
      expect(notified.map((n) => n.technicianId)).not.toContain(excluded.id);
    }
    const n = notified[0]!;
    expect(n.status).toBe('pending');
    expect(n.expiresAt.getTime() - n.createdAt.getTime()).toBe(5 * 60 * 1000);
    // Clean up for the following tests: this request is assigned; those in review stay out.
    expect((await accept(shortRadius, n.id)).statusCode).toBe(200);
    await t.app.db.delete(verifications).where(eq(verifications.technicianId, inReview.id));
    await t.app.db
      .update(verifications)
      .set({ verificationStatus: 'verified', expirationDate: '2099-01-01' });
    for (const x of [...near, shortRadius, expiredLicense, rejectedInsurance]) {
      await t.app.db.delete(jobNotifications).where(eq(jobNotifications.technicianId, x.id));
    }
  });
});

describe('accept and decline', () => {
  it('the first accept wins, the others close at once and vanish; a late accept gets 409; the customer is e-mailed', async () => {
    const r = await request('Brake Service', 'winner-check@example.com');
    const ns = await notificationsOf(r.id);
    const techs = await Promise.all(
      ns.map(async (n) => {
        const all = await t.app.db.query.technicians.findFirst({
          where: (x, { eq: e }) => e(x.id, n.technicianId),
        });
        return all!;
      }),
    );
    expect(techs.length).toBeGreaterThanOrEqual(2);
    // Sign in as the two nearest notified technicians.
    const users = await Promise.all(
      ns.slice(0, 2).map(async (n) => {
        const row = await t.app.db.query.users.findFirst({
          where: (u, { eq: e }) => e(u.id, techs.find((x) => x.id === n.technicianId)!.userId),
        });
        return {
          id: n.technicianId,
          cookie: await signIn(t.app, row!.username!),
          email: row!.email,
          notificationId: n.id,
        };
      }),
    );
    const [a, b] = users as [Tech & { notificationId: number }, Tech & { notificationId: number }];
    const won = await accept(a, a.notificationId);
    expect(won.statusCode).toBe(200);
    expect(won.json()).toMatchObject({
      status: 'accepted',
      serviceRequest: { id: r.id, status: 'accepted' },
    });
    const late = await accept(b, b.notificationId);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This job has already been accepted by another technician');
    expect((await list(b)).map((x: { id: number }) => x.id)).not.toContain(b.notificationId);
    const [req] = await t.app.db.select().from(serviceRequests).where(eq(serviceRequests.id, r.id));
    expect(req).toMatchObject({ status: 'accepted', assignedTechnicianId: a.id });
    const [mail] = await t.app.db
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.toAddress, 'winner-check@example.com'), eq(outbox.template, 'job_accepted')),
      );
    expect(mail).toMatchObject({ template: 'job_accepted' });
    // The customer's link to follow the request; the technician is reached through the platform.
    expect(mail!.textBody).toMatch(/\/requests\/WR-\d{6}\?t=[\w-]{43}/);
  });

  it('only the notified technician may answer, only while pending and unexpired', async () => {
    const r = await request();
    const [n] = await notificationsOf(r.id);
    const stranger = await tech({ ...north(40), specialties: ['Oil Change'] });
    expect((await accept(stranger, n!.id)).statusCode).toBe(403);
    const customer = await createUser(t.app);
    const cc = await signIn(t.app, customer.username!);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/job-notifications/${n!.id}/accept`,
          headers: { cookie: cc },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/job-notifications/${n!.id}/accept` }))
        .statusCode,
    ).toBe(401);
    expect((await accept(stranger, 999999)).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/job-notifications/technician/${n!.technicianId}`,
          headers: { cookie: stranger.cookie },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('decline stores the reason, default "No reason provided"', async () => {
    const r = await request();
    const ns = await notificationsOf(r.id);
    const owner = async (n: (typeof ns)[number]) => {
      const tr = await t.app.db.query.technicians.findFirst({
        where: (x, { eq: e }) => e(x.id, n.technicianId),
      });
      const u = await t.app.db.query.users.findFirst({
        where: (x, { eq: e }) => e(x.id, tr!.userId),
      });
      return { id: n.technicianId, cookie: await signIn(t.app, u!.username!), email: u!.email };
    };
    const first = await owner(ns[0]!);
    const res = await decline(first, ns[0]!.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'declined', declineReason: 'No reason provided' });
    const second = await owner(ns[1]!);
    expect(
      (await decline(second, ns[1]!.id, { declineReason: 'Too far today' })).json().declineReason,
    ).toBe('Too far today');
    expect((await decline(second, ns[1]!.id)).statusCode).toBe(409);
  });
});

describe('rounds and expiry', () => {
  it('notifies the next 5 when a round is declined or expires, up to 3 rounds, then unmatched with an e-mail', async () => {
    // A fresh service type only these 12 technicians offer: rounds of 5, 5, 2.
    const pool = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        tech({ ...north(0.1 * (i + 1)), specialties: ['Transmission'] }),
      ),
    );
    const r = await request('Transmission', 'rounds@example.com');
    expect(r.notifiedTechnicians).toBe(5);
    const byTech = new Map(pool.map((p) => [p.id, p]));
    // Round 1: everyone declines.
    for (const n of await notificationsOf(r.id)) {
      expect((await decline(byTech.get(n.technicianId)!, n.id)).statusCode).toBe(200);
    }
    let ns = await notificationsOf(r.id);
    expect(ns.filter((n) => n.round === 2 && n.status === 'pending')).toHaveLength(5);
    // Round 2: nobody answers; the clock passes the 5 minutes and the sweep runs.
    t.clock.advance(5 * 60 * 1000 + 1000);
    // An expired pending notification reads as expired before the sweep, and cannot be accepted.
    const r2 = ns.find((n) => n.round === 2)!;
    expect((await accept(byTech.get(r2.technicianId)!, r2.id)).json().message).toBe(
      'This job notification has expired',
    );
    await t.app.dispatch.sweep();
    ns = await notificationsOf(r.id);
    expect(ns.filter((n) => n.round === 2).every((n) => n.status === 'expired')).toBe(true);
    expect(ns.filter((n) => n.round === 3 && n.status === 'pending')).toHaveLength(2);
    // Round 3 expires too: the request is unmatched and the customer told.
    t.clock.advance(5 * 60 * 1000 + 1000);
    await t.app.dispatch.sweep();
    const [req] = await t.app.db.select().from(serviceRequests).where(eq(serviceRequests.id, r.id));
    expect(req!.status).toBe('unmatched');
    const mails = await t.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, 'rounds@example.com'));
    expect(mails.map((m) => m.template)).toContain('request_unmatched');
    // The e-mail says what happened: offered to the 12, none took it.
    expect(mails.find((m) => m.template === 'request_unmatched')!.textBody).toContain(
      'We offered your Transmission request to 12 qualified technicians near Bowie, MD, but none was able to take it.',
    );
    // No technician was notified twice.
    expect(new Set(ns.map((n) => n.technicianId)).size).toBe(ns.length);
  });
});

describe('a request nobody can be offered', () => {
  it('is unmatched at once, and the customer is told nobody was available rather than a number of rounds', async () => {
    // No technician of this file offers Diagnostics.
    const r = await request('Diagnostics', 'nobody@example.com');
    expect(r.notifiedTechnicians).toBe(0);
    const [req] = await t.app.db.select().from(serviceRequests).where(eq(serviceRequests.id, r.id));
    expect(req!.status).toBe('unmatched');
    const [mail] = await t.app.db
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.toAddress, 'nobody@example.com'), eq(outbox.template, 'request_unmatched')),
      );
    expect(mail!.textBody).toContain(
      'No qualified technician near Bowie, MD was available to take your Diagnostics request, so we could not offer it to anyone.',
    );
    expect(mail!.textBody).not.toContain('We offered');
  });
});

describe('live delivery over SSE', () => {
  it('pushes a new notification to a connected technician, and resumes from Last-Event-ID', async () => {
    const x = await tech({ ...north(0.01), specialties: ['AC Repair'] });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/api/job-notifications/stream`, {
      headers: { cookie: x.cookie },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
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
    const r = await request('AC Repair');
    expect(await readUntil('event: notification.created')).toBe(true);
    const id = Number(/id: (\d+)\nevent: notification.created/.exec(text)![1]);
    expect(text).toContain(`"serviceRequestId":${r.id}`);
    controller.abort();

    // Another request while disconnected; reconnecting with Last-Event-ID replays it.
    const r2 = await request('AC Repair');
    const again = await fetch(`http://127.0.0.1:${port}/api/job-notifications/stream`, {
      headers: { cookie: x.cookie, 'last-event-id': String(id) },
    });
    const reader2 = again.body!.getReader();
    let text2 = '';
    const deadline = Date.now() + 5000;
    while (!text2.includes('event: ready') && Date.now() < deadline) {
      const { value, done } = await reader2.read();
      if (done) break;
      text2 += decoder.decode(value);
    }
    expect(text2).toContain(`"serviceRequestId":${r2.id}`);
    expect(text2).not.toContain(`"serviceRequestId":${r.id},`);
    await reader2.cancel();
  });

  it('refuses the stream to anonymous callers and customers', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/job-notifications/stream' })).statusCode,
    ).toBe(401);
  });
});

describe('least data: a lead shows the customer only while the job is the technician’s', () => {
  const contact = {
    name: 'Pat Private',
    email: 'pat.private@example.com',
    phone: '(301) 555-0177',
    street: '12 Main St',
  };
  /** The phone as it is stored (E.164). */
  const storedPhone = '+13015550177';
  /** Every personal detail of the request, wherever it might appear in a lead. */
  const personal = [contact.email, contact.phone, storedPhone, 'Pat', 'Private', contact.street];
  const leadOf = async (x: Tech, requestId: number) =>
    ((await list(x)) as { serviceRequest: { id: number } }[]).find(
      (n) => n.serviceRequest.id === requestId,
    ) as
      | {
          status: string;
          serviceRequest: {
            location: string;
            description: string;
            customer: { email: string; phone: string | null; firstName: string } | null;
          };
        }
      | undefined;
  const expectNothingPersonal = (lead: unknown, why: string) => {
    const text = JSON.stringify(lead);
    for (const p of personal) expect(text, `${why}: ${p}`).not.toContain(p);
  };

  async function privateRequest() {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/service-requests',
      payload: {
        serviceType: 'Suspension',
        // An API client that still merges the contact into the text, as the old form did.
        description: `Clunk over bumps.\n\nCustomer: ${contact.name}\nEmail: ${contact.email}\nPhone: ${contact.phone}\nVehicle: 2016 Mazda 3\nMileage: Not specified`,
        urgency: 'medium',
        location: `${contact.street}, Bowie, MD 20715`,
        customerName: contact.name,
        customerEmail: contact.email,
        customerPhone: contact.phone,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; reference: string };
  }

  it('a pending offer shows the area and the problem only, in the list, the e-mail alert and the push', async () => {
    const a = await tech({ ...north(0.1), specialties: ['Suspension'] });
    const r = await privateRequest();
    const lead = await leadOf(a, r.id);
    expect(lead).toMatchObject({
      status: 'pending',
      serviceRequest: {
        location: 'Bowie, MD 20715',
        description: 'Clunk over bumps.\n\nVehicle: 2016 Mazda 3\nMileage: Not specified',
        customer: null,
      },
    });
    expectNothingPersonal(lead, 'pending offer');
    // The technician has no page open: the lead went out by e-mail, with nothing personal.
    const alerts = await t.app.db.select().from(outbox).where(eq(outbox.toAddress, a.email));
    expect(alerts.map((m) => m.template)).toContain('new_job');
    for (const m of alerts) expectNothingPersonal([m.subject, m.textBody, m.payload], 'alert');
  });

  it('accepted: contact and exact location; declined, expired, given back or taken by another: nothing personal', async () => {
    const pool = await Promise.all(
      [0.2, 0.3, 0.4].map((m) => tech({ ...north(m), specialties: ['Suspension'] })),
    );
    const r = await privateRequest();
    const byTech = new Map(pool.map((p) => [p.id, p]));
    const ns = (await notificationsOf(r.id)).filter((n) => byTech.has(n.technicianId));
    expect(ns.length).toBeGreaterThanOrEqual(3);
    const [na, nb] = ns as [(typeof ns)[number], (typeof ns)[number]];
    const a = byTech.get(na.technicianId)!;
    const b = byTech.get(nb.technicianId)!;
    expect((await decline(a, na.id, { declineReason: 'Too far' })).statusCode).toBe(200);
    const won = await accept(b, nb.id);
    expect(won.statusCode).toBe(200);
    // The technician doing the job: the contact, and where exactly.
    expect(won.json().serviceRequest).toMatchObject({
      location: `${contact.street}, Bowie, MD 20715`,
      customer: { email: contact.email, phone: storedPhone },
    });
    expect((await leadOf(b, r.id))?.serviceRequest.customer?.email).toBe(contact.email);
    // Declined, while another has it.
    const declined = await leadOf(a, r.id);
    expect(declined).toMatchObject({ status: 'declined', serviceRequest: { customer: null } });
    expectNothingPersonal(declined, 'declined');

    // Given back: the technician who had it keeps nothing personal.
    const gaveBack = await t.app.inject({
      method: 'POST',
      url: `/api/service-requests/${r.reference}/moves`,
      headers: { cookie: b.cookie },
      payload: { move: 'cancel', reason: 'Out of parts' },
    });
    expect(gaveBack.statusCode, gaveBack.body).toBe(200);
    const returned = await leadOf(b, r.id);
    if (returned) expectNothingPersonal(returned, 'given back');
    // Asked again, nobody answers: expired offers keep nothing personal either.
    t.clock.advance(5 * 60 * 1000 + 1000);
    await t.app.dispatch.sweep();
    for (const x of pool) {
      const lead = await leadOf(x, r.id);
      if (lead && lead.status !== 'pending') expectNothingPersonal(lead, `${x.id} ${lead.status}`);
    }
    const expired = (await notificationsOf(r.id)).filter((n) => n.status === 'expired');
    expect(expired.length).toBeGreaterThan(0);
    for (const n of expired) {
      const x = byTech.get(n.technicianId);
      if (x) expectNothingPersonal(await leadOf(x, r.id), 'expired');
    }
  });
});
