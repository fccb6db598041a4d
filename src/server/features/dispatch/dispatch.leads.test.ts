import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { createUser, signIn, subscribeTechnician } from '../../../../tests/helpers/factories';
import { leadsKit } from '../../../../tests/helpers/leads';
import { JOB_LIMIT_REACHED, NO_PLAN_NO_LEADS } from '@shared/plans';
import { jobNotifications, subscriptions } from '../../db/schema';

const DAY = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const kit = leadsKit(() => t);
const { nextSpot, technicianAt, requestAt, accept, acceptedJobs, leadStatus } = kit;

const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** Subscribes through the API with the sandbox's good card, so renewals can charge it. */
async function subscribeWithCard(cookie: string, planName: string, planPrice: number) {
  const token = (
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/sandbox/tokenize',
      payload: { number: '4111 1111 1111 1111', expiry: '12/39', cvv: '123' },
    })
  ).json().token as string;
  const res = await call('POST', '/api/square/create-subscription', cookie, {
    sourceId: token,
    planName,
    planPrice,
    cardholderName: 'Dana Tech',
    idempotencyKey: `key-${Math.random().toString(36).slice(2)}`,
  });
  expect(res.statusCode, res.body).toBe(200);
}

const subscriptionOf = async (technicianId: number) =>
  (
    await t.app.db.select().from(subscriptions).where(eq(subscriptions.technicianId, technicianId))
  )[0]!;

describe('no plan', () => {
  it('is listed in search but matched by no dispatch, and is told to choose a plan', async () => {
    const spot = nextSpot();
    const tech = await technicianAt(spot);
    expect((await requestAt(spot)).notified).toEqual([]);
    expect(await leadStatus(tech)).toMatchObject({
      plan: 'Free',
      status: 'none',
      receivesLeads: false,
      monthlyJobCap: 0,
      limitReached: false,
      periodEnd: null,
    });
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/technicians?name=${tech.firstName.toLowerCase()}`,
    });
    expect(listed.json().map((x: { id: number }) => x.id)).toEqual([tech.id]);

    // With a plan from now on, the next request reaches them.
    await subscribeTechnician(t.app, tech.id, 'Basic');
    expect((await requestAt(spot)).notified).toEqual([tech.id]);
  });

  it('cannot accept a job once the plan has lapsed, even one notified before', async () => {
    const spot = nextSpot();
    const tech = await technicianAt(spot, 'Basic');
    const r = await requestAt(spot);
    expect(r.notified).toEqual([tech.id]);
    // Dunning ended the plan meanwhile.
    await t.app.db
      .update(subscriptions)
      .set({ status: 'canceled', canceledAt: t.clock.now })
      .where(eq(subscriptions.technicianId, tech.id));
    const res = await accept(r.id, tech);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(NO_PLAN_NO_LEADS);
    expect((await kit.notificationOf(r.id, tech.id)).status).toBe('pending');
    expect((await requestAt(spot)).notified).toEqual([]);
  });
});

describe.each([
  ['Basic', 10],
  ['Premium', 25],
] as const)('%s: up to %i jobs per month', (plan, cap) => {
  it(`matches up to the ${cap}th accepted job, then skips and refuses the next`, async () => {
    const spot = nextSpot();
    const tech = await technicianAt(spot, plan);
    // A Professional three miles away gets what the capped technician no longer can.
    const other = await technicianAt(spot, 'Professional', 3);
    await acceptedJobs(tech.id, cap - 1, t.clock.now);
    expect(await leadStatus(tech)).toMatchObject({
      plan,
      status: 'active',
      receivesLeads: true,
      monthlyJobCap: cap,
      acceptedThisPeriod: cap - 1,
      limitReached: false,
    });

    // Both reach the technician at cap - 1; the first accept takes the last job of the month.
    const a = await requestAt(spot);
    const b = await requestAt(spot);
    expect(a.notified).toContain(tech.id);
    expect(b.notified).toContain(tech.id);
    expect((await accept(a.id, tech)).statusCode).toBe(200);
    const refused = await accept(b.id, tech);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(JOB_LIMIT_REACHED);
    expect((await kit.notificationOf(b.id, tech.id)).status).toBe('pending');

    // The next request skips them: the other technician gets it.
    expect((await requestAt(spot)).notified).toEqual([other.id]);
    expect(await leadStatus(tech)).toMatchObject({
      receivesLeads: false,
      acceptedThisPeriod: cap,
      limitReached: true,
    });
  });
});

describe('Professional', () => {
  it('has no monthly cap', async () => {
    const spot = nextSpot();
    const tech = await technicianAt(spot, 'Professional');
    await acceptedJobs(tech.id, 40, t.clock.now);
    const r = await requestAt(spot);
    expect(r.notified).toEqual([tech.id]);
    expect((await accept(r.id, tech)).statusCode).toBe(200);
    expect(await leadStatus(tech)).toMatchObject({
      plan: 'Professional',
      receivesLeads: true,
      monthlyJobCap: null,
      acceptedThisPeriod: 41,
      limitReached: false,
    });
  });
});

describe('billing periods', () => {
  it('counts in the current period only: jobs of the last one do not count, a renewal starts again', async () => {
    const spot = nextSpot();
    const tech = await technicianAt(spot);
    await subscribeWithCard(tech.cookie, 'Basic', 2.99);
    const sub = await subscriptionOf(tech.id);
    // Ten jobs just before this period began do not count.
    await acceptedJobs(tech.id, 10, new Date(sub.currentPeriodStart.getTime() - 1000));
    expect((await leadStatus(tech)).acceptedThisPeriod).toBe(0);
    await acceptedJobs(tech.id, 10, t.clock.now);
    expect((await requestAt(spot)).notified).toEqual([]);

    // The renewal charges the card on file and opens a new period: leads again.
    t.clock.set(new Date(sub.currentPeriodEnd.getTime() + 60_000));
    expect((await t.app.billing.renewDue()).renewed).toBeGreaterThanOrEqual(1);
    await tech.again();
    expect(await leadStatus(tech)).toMatchObject({
      plan: 'Basic',
      acceptedThisPeriod: 0,
      receivesLeads: true,
    });
    const r = await requestAt(spot);
    expect(r.notified).toEqual([tech.id]);
    expect((await accept(r.id, tech)).statusCode).toBe(200);
  });

  it('past due: leads through the grace period (the cap counting in the unpaid period), none after', async () => {
    const spot = nextSpot();
    const tech = await technicianAt(spot, 'Basic');
    await acceptedJobs(tech.id, 10, t.clock.now);
    const sub = await subscriptionOf(tech.id);
    // No card on file: the renewal fails and the plan goes past due.
    t.clock.set(new Date(sub.currentPeriodEnd.getTime() + 60_000));
    expect((await t.app.billing.renewDue()).failed).toBeGreaterThanOrEqual(1);
    await tech.again();
    expect((await subscriptionOf(tech.id)).status).toBe('past_due');
    expect(await leadStatus(tech)).toMatchObject({
      status: 'past_due',
      inGrace: true,
      receivesLeads: true,
      acceptedThisPeriod: 0,
    });
    const r = await requestAt(spot);
    expect(r.notified).toEqual([tech.id]);
    expect((await accept(r.id, tech)).statusCode).toBe(200);
    expect((await leadStatus(tech)).acceptedThisPeriod).toBe(1);

    // Grace over (nothing written since: the index judges the plan at the request's time).
    t.clock.set(new Date(sub.currentPeriodEnd.getTime() + 7 * DAY + 60_000));
    await tech.again();
    expect((await requestAt(spot)).notified).toEqual([]);
    expect(await leadStatus(tech)).toMatchObject({ status: 'none', receivesLeads: false });
  });

  it('between the period end and its renewal, the cap counts in the period that has begun', async () => {
    const spot = nextSpot();
    const tech = await technicianAt(spot, 'Basic');
    const sub = await subscriptionOf(tech.id);
    // The period ended a minute ago; the renewal worker has not run yet: still active.
    t.clock.set(new Date(sub.currentPeriodEnd.getTime() + 60_000));
    await tech.again();
    await acceptedJobs(tech.id, 9, t.clock.now);
    expect(await leadStatus(tech)).toMatchObject({
      status: 'active',
      acceptedThisPeriod: 9,
      limitReached: false,
    });
    const a = await requestAt(spot);
    const b = await requestAt(spot);
    expect([a.notified, b.notified]).toEqual([[tech.id], [tech.id]]);
    expect((await accept(a.id, tech)).statusCode).toBe(200);
    const refused = await accept(b.id, tech);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(JOB_LIMIT_REACHED);
    expect((await requestAt(spot)).notified).toEqual([]);
    // The renewal (failing: no card on file) keeps counting in that period: still at the cap.
    expect((await t.app.billing.renewDue()).failed).toBeGreaterThanOrEqual(1);
    expect(await leadStatus(tech)).toMatchObject({ acceptedThisPeriod: 10, limitReached: true });
  });

  it('after a downgrade applied at renewal, the lower cap applies', async () => {
    const spot = nextSpot();
    const tech = await technicianAt(spot);
    await subscribeWithCard(tech.cookie, 'Premium', 4.99);
    await acceptedJobs(tech.id, 12, t.clock.now);
    const down = await call('POST', '/api/subscriptions/change', tech.cookie, {
      planName: 'Basic',
    });
    expect(down.statusCode, down.body).toBe(200);
    // Still Premium until the period ends: 12 of 25.
    expect((await requestAt(spot)).notified).toEqual([tech.id]);

    const sub = await subscriptionOf(tech.id);
    t.clock.set(new Date(sub.currentPeriodEnd.getTime() + 60_000));
    expect((await t.app.billing.renewDue()).renewed).toBeGreaterThanOrEqual(1);
    await tech.again();
    expect(await leadStatus(tech)).toMatchObject({ plan: 'Basic', monthlyJobCap: 10 });
    await acceptedJobs(tech.id, 10, t.clock.now);
    expect((await requestAt(spot)).notified).toEqual([]);
    expect(await leadStatus(tech)).toMatchObject({ limitReached: true, acceptedThisPeriod: 10 });
  });

  it('a plan canceled at period end stops the leads when the period ends', async () => {
    const spot = nextSpot();
    const tech = await technicianAt(spot);
    await subscribeWithCard(tech.cookie, 'Basic', 2.99);
    expect((await call('POST', '/api/subscriptions/cancel', tech.cookie)).statusCode).toBe(200);
    expect((await requestAt(spot)).notified).toEqual([tech.id]);
    const sub = await subscriptionOf(tech.id);
    t.clock.set(new Date(sub.currentPeriodEnd.getTime() + 60_000));
    expect((await t.app.billing.renewDue()).canceled).toBeGreaterThanOrEqual(1);
    await tech.again();
    expect((await requestAt(spot)).notified).toEqual([]);
    expect((await leadStatus(tech)).status).toBe('none');
  });
});

describe('GET /api/job-notifications/technician/:id/leads', () => {
  it("is the technician's own (another technician gets 403)", async () => {
    const spot = nextSpot();
    const a = await technicianAt(spot, 'Basic');
    const b = await technicianAt(spot, 'Basic');
    const res = await call('GET', `/api/job-notifications/technician/${a.id}/leads`, b.cookie);
    expect(res.statusCode).toBe(403);
    const rows = await t.app.db
      .select()
      .from(jobNotifications)
      .where(eq(jobNotifications.technicianId, a.id));
    expect(rows).toEqual([]);
  });

  it('answers 400 for ids beyond int4 and, to an admin, 404 for a technician who does not exist', async () => {
    const spot = nextSpot();
    const tech = await technicianAt(spot, 'Basic');
    const tooBig = await call(
      'GET',
      '/api/job-notifications/technician/2147483648/leads',
      tech.cookie,
    );
    expect(tooBig.statusCode).toBe(400);
    const admin = await createUser(t.app, { role: 'admin' });
    const cookie = await signIn(t.app, admin.username!);
    const unknown = await call('GET', '/api/job-notifications/technician/2147483647/leads', cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Technician not found');
    const own = await call('GET', `/api/job-notifications/technician/${tech.id}/leads`, cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ plan: 'Basic', status: 'active', monthlyJobCap: 10 });
  });
});
