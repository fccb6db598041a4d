import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { createTechnician, createUser, signIn } from '../../../../tests/helpers/factories';
import { leadsKit } from '../../../../tests/helpers/leads';
import { LOCATIONS } from '@shared/constants/locations';
import { LIMITS } from '@shared/constants/domain';
import {
  TECHNICIAN_NOT_AVAILABLE,
  TECHNICIAN_NOT_FOUND,
  technicianDoesNotOffer,
} from '@shared/schemas/service-requests';
import { jobNotifications, outbox, serviceRequests, verifications } from '../../db/schema';

// Each test asks for a service type of its own, so no technician of another test qualifies.
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

type Tech = { id: number; cookie: string; name: string };
async function tech(
  serviceType: string,
  miles: number,
  opts: Parameters<typeof createTechnician>[1] = {},
): Promise<Tech> {
  const { user, technician } = await createTechnician(t.app, {
    ...north(miles),
    location: bowie,
    specialties: [serviceType],
    plan: 'Professional',
    ...opts,
  });
  return {
    id: technician.id,
    cookie: await signIn(t.app, user.username!),
    name: `${user.firstName} ${user.lastName}`,
  };
}

const submit = (serviceType: string, preferredTechnicianId?: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/service-requests',
    payload: {
      serviceType,
      description: 'It makes a noise when I drive.',
      urgency: 'medium',
      location: 'Bowie, MD',
      customerName: 'Pat Doe',
      customerEmail: 'pat.first-choice@example.com',
      vehicleInfo: '2019 Ford Focus',
      ...(preferredTechnicianId === undefined ? {} : { preferredTechnicianId }),
    },
  });

async function request(serviceType: string, preferred: number) {
  const res = await submit(serviceType, preferred);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; notifiedTechnicians: number; requestPath: string };
}

const notificationsOf = (requestId: number) =>
  t.app.db.select().from(jobNotifications).where(eq(jobNotifications.serviceRequestId, requestId));
const pendingOf = async (requestId: number) =>
  (await notificationsOf(requestId)).filter((n) => n.status === 'pending');
const answer = (x: Tech, id: number, how: 'accept' | 'decline') =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/job-notifications/${id}/${how}`,
    headers: { cookie: x.cookie },
    ...(how === 'decline' ? { payload: { reason: 'Booked up today' } } : {}),
  });
const customerView = async (requestPath: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/service-${requestPath.slice(1)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    status: string;
    dispatch: { round: number; notifiedNow: number; firstChoice: { name: string } | null };
  };
};

describe('a request sent to a technician first', () => {
  it('is offered to that technician alone for one notification lifetime; their accept assigns it', async () => {
    const nearer = await Promise.all([1, 2, 3].map((m) => tech('Suspension', m)));
    const chosen = await tech('Suspension', 8);
    const r = await request('Suspension', chosen.id);
    expect(r.notifiedTechnicians).toBe(1);
    const ns = await notificationsOf(r.id);
    expect(ns.map((n) => [n.technicianId, n.round, n.status])).toEqual([[chosen.id, 0, 'pending']]);
    expect(ns[0]!.expiresAt.getTime() - ns[0]!.createdAt.getTime()).toBe(
      LIMITS.notificationWindowMs,
    );
    expect(ns[0]!.distanceMiles).toBeCloseTo(8, 0);
    const [row] = await t.app.db.select().from(serviceRequests).where(eq(serviceRequests.id, r.id));
    expect(row).toMatchObject({ preferredTechnicianId: chosen.id, status: 'dispatching' });
    // The customer's page says who has it.
    const view = await customerView(r.requestPath);
    expect(view.dispatch).toMatchObject({ notifiedNow: 1, firstChoice: { name: chosen.name } });
    // A sweep while the offer is open asks no one else.
    await t.app.dispatch.sweep();
    expect(await notificationsOf(r.id)).toHaveLength(1);
    for (const x of nearer) {
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/job-notifications/technician/${x.id}`,
        headers: { cookie: x.cookie },
      });
      expect(list.json()).toEqual([]);
    }
    const accepted = await answer(chosen, ns[0]!.id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = await customerView(r.requestPath);
    expect(after.status).toBe('accepted');
    expect(after.dispatch.firstChoice).toBeNull();
  });

  it("says who has it: the customer's confirmation names the chosen technician, whose offer is theirs alone; the next round is a race", async () => {
    const other = await tech('Diagnostics', 1);
    const chosen = await tech('Diagnostics', 4);
    const r = await request('Diagnostics', chosen.id);
    const confirmation = (
      await t.app.db
        .select()
        .from(outbox)
        .where(eq(outbox.idempotencyKey, `request_received:${r.id}`))
    )[0]!;
    expect(confirmation.textBody).toContain(`we offer it to ${chosen.name}, whom you chose, first`);
    expect(confirmation.textBody).toContain("If they pass or don't answer within 5 minutes");

    // The chosen technician's alert (no page open, no push): theirs alone, no race.
    const email = async (x: Tech) => {
      const [n] = await t.app.db
        .select()
        .from(jobNotifications)
        .where(
          and(eq(jobNotifications.serviceRequestId, r.id), eq(jobNotifications.technicianId, x.id)),
        );
      const [m] = await t.app.db
        .select()
        .from(outbox)
        .where(eq(outbox.idempotencyKey, `new_job:${n!.id}:email`));
      return m!.textBody;
    };
    const offer = await email(chosen);
    expect(offer).toContain('The customer chose you from your profile');
    expect(offer).toContain('offered to you alone until');
    expect(offer).not.toContain('first technician to accept');

    const [first] = await pendingOf(r.id);
    expect((await answer(chosen, first!.id, 'decline')).statusCode).toBe(200);
    expect(await email(other)).toContain('The first technician to accept gets the job.');
  });

  it('declined: the nearest qualified technicians are asked at once, without the one who passed', async () => {
    const nearer = await Promise.all([1, 2].map((m) => tech('Electrical', m)));
    const chosen = await tech('Electrical', 0.5);
    const r = await request('Electrical', chosen.id);
    const [offer] = await pendingOf(r.id);
    expect(offer!.technicianId).toBe(chosen.id);
    const declined = await answer(chosen, offer!.id, 'decline');
    expect(declined.statusCode, declined.body).toBe(200);
    const pending = await pendingOf(r.id);
    // The chosen technician is the nearest, yet not asked again.
    expect(pending.map((n) => n.technicianId).sort()).toEqual(nearer.map((x) => x.id).sort());
    expect(pending.every((n) => n.round === 1)).toBe(true);
    const view = await customerView(r.requestPath);
    expect(view.dispatch).toMatchObject({ round: 1, notifiedNow: 2, firstChoice: null });
  });

  it('unanswered: once the offer expires the sweep asks the nearest, without the one who let it pass', async () => {
    const nearer = await tech('AC Repair', 1);
    const chosen = await tech('AC Repair', 0.5);
    const r = await request('AC Repair', chosen.id);
    t.clock.advance(LIMITS.notificationWindowMs + 1000);
    await t.app.dispatch.sweep();
    const ns = await notificationsOf(r.id);
    expect(ns.find((n) => n.technicianId === chosen.id)!.status).toBe('expired');
    expect(ns.filter((n) => n.status === 'pending').map((n) => [n.technicianId, n.round])).toEqual([
      [nearer.id, 1],
    ]);
    // Further rounds never come back to them either.
    t.clock.advance(LIMITS.notificationWindowMs + 1000);
    await t.app.dispatch.sweep();
    const later = await notificationsOf(r.id);
    expect(later.filter((n) => n.technicianId === chosen.id)).toHaveLength(1);
  });

  it('a chosen technician whose plan cannot take it now is passed over: normal dispatch at once', async () => {
    const kit = leadsKit(() => t);
    const near = await tech('Transmission', 1);
    // At the Basic plan's monthly cap of 10 accepted jobs.
    const capped = await tech('Transmission', 0.5, { plan: 'Basic' });
    await kit.acceptedJobs(capped.id, 10, t.clock.now);
    const r = await request('Transmission', capped.id);
    const ns = await notificationsOf(r.id);
    expect(ns.map((n) => [n.technicianId, n.round])).toEqual([[near.id, 1]]);
    expect((await customerView(r.requestPath)).dispatch.firstChoice).toBeNull();
    // Without a plan that delivers leads: the same.
    const noPlan = await tech('Transmission', 0.5, { plan: undefined });
    const r2 = await request('Transmission', noPlan.id);
    expect((await notificationsOf(r2.id)).map((n) => [n.technicianId, n.round])).toEqual([
      [near.id, 1],
    ]);
  });

  it('is offered once, however many dispatches race for it', async () => {
    const chosen = await tech('Diagnostics', 0.5);
    await tech('Diagnostics', 1);
    const customerId = (await createUser(t.app)).id;
    const [req] = await t.app.db
      .insert(serviceRequests)
      .values({
        customerId,
        serviceType: 'Diagnostics',
        description: 'Check engine light on',
        location: bowie.name,
        latitude: bowie.latitude,
        longitude: bowie.longitude,
        preferredTechnicianId: chosen.id,
      })
      .returning();
    const results = await Promise.all([
      t.app.dispatcher.dispatch(req!.id),
      t.app.dispatch.sweep(),
      t.app.dispatcher.dispatch(req!.id),
    ]);
    // Whichever takes the request's lock first offers it (the sweep too picks up a request no
    // round has started for); the others find it offered. One offer in all, to the chosen one.
    expect(results[0]! + results[2]!).toBeLessThanOrEqual(1);
    expect((await notificationsOf(req!.id)).map((n) => [n.technicianId, n.round])).toEqual([
      [chosen.id, 0],
    ]);
  });
});

describe('the technician a request is sent to first must be one who can take it', () => {
  it('400 with a clear message, nothing stored, for an unknown, unlisted, unavailable or unqualified technician', async () => {
    const before = (await t.app.db.select().from(serviceRequests)).length;
    const pending = await tech('Oil Change', 1, { status: 'pending' });
    const unavailable = await tech('Oil Change', 1, { isAvailable: false });
    // Not certified: their only insurance expired (ADR 033).
    const expired = await tech('Oil Change', 1, { credentials: false });
    await t.app.db.insert(verifications).values(
      (['license', 'insurance'] as const).map((verificationType) => ({
        technicianId: expired.id,
        verificationType,
        credentialName: 'I',
        issuingOrganization: 'Acme',
        verificationStatus: 'verified' as const,
        expirationDate: verificationType === 'insurance' ? '2020-01-01' : null,
      })),
    );
    // Listed as new, credentials in review: nobody can send them a request first yet.
    const inReview = await tech('Oil Change', 1, { credentials: false });
    const brakesOnly = await tech('Brake Service', 1, { firstName: 'Brakey' });
    const cases: [unknown, string, string][] = [
      [999999, TECHNICIAN_NOT_FOUND, 'preferredTechnicianId'],
      [pending.id, TECHNICIAN_NOT_FOUND, 'preferredTechnicianId'],
      [unavailable.id, TECHNICIAN_NOT_AVAILABLE, 'preferredTechnicianId'],
      [expired.id, TECHNICIAN_NOT_AVAILABLE, 'preferredTechnicianId'],
      [inReview.id, TECHNICIAN_NOT_AVAILABLE, 'preferredTechnicianId'],
      [brakesOnly.id, technicianDoesNotOffer('Brakey', 'Oil Change'), 'serviceType'],
      ['abc', TECHNICIAN_NOT_FOUND, 'preferredTechnicianId'],
      [-1, TECHNICIAN_NOT_FOUND, 'preferredTechnicianId'],
    ];
    for (const [id, message, path] of cases) {
      const res = await submit('Oil Change', id);
      expect(res.statusCode, `${String(id)}: ${res.body}`).toBe(400);
      const body = res.json() as { message: string; issues?: { path: string; message: string }[] };
      expect(body.issues?.[0], String(id)).toMatchObject({ path, message });
    }
    expect((await t.app.db.select().from(serviceRequests)).length).toBe(before);
  });
});
