import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../tests/helpers/build-test-app';
import { createTechnician, createUser, signIn } from '../../../../../tests/helpers/factories';
import { formatReference } from '@shared/service-request-rules';
import { auditLog, outbox, serviceRequestEvents, serviceRequests } from '../../../db/schema';

// Claims under the workmanship warranty (ADR 044): the customer opens one on a completed job
// within 12 months and 12,000 miles; the technician (or an admin) accepts, opening a job at no
// charge with them, or declines with a reason; each step is on the timeline and audited.

const DAY = 86_400_000;
let t: TestApp;
let tech: { id: number; cookie: string };
let other: { cookie: string };
let customer: { id: number; cookie: string };
let admin: string;

beforeAll(async () => {
  t = await buildTestApp();
  const a = await createTechnician(t.app);
  tech = { id: a.technician.id, cookie: await signIn(t.app, a.user.username!) };
  const b = await createTechnician(t.app);
  other = { cookie: await signIn(t.app, b.user.username!) };
  const c = await createUser(t.app, { role: 'customer' });
  customer = { id: c.id, cookie: await signIn(t.app, c.username!) };
  const ad = await createUser(t.app, { role: 'admin' });
  admin = await signIn(t.app, ad.username!);
});
afterAll(() => t.close());

async function job(status: 'completed' | 'in_progress' = 'completed', completedDaysAgo = 30) {
  const [r] = await t.app.db
    .insert(serviceRequests)
    .values({
      customerId: customer.id,
      serviceType: 'Brake Service',
      description: 'Brakes grind when stopping.\n\nVehicle: 2019 Ford Focus\nMileage: 61,000',
      location: 'Bowie, MD',
      contactName: 'Pat Doe',
      contactEmail: 'pat.warranty@example.com',
      status,
      assignedTechnicianId: tech.id,
      completedAt:
        status === 'completed' ? new Date(t.clock.now.getTime() - completedDaysAgo * DAY) : null,
    })
    .returning();
  return formatReference(r!.id);
}

const claims = (reference: string) => `/api/service-requests/${reference}/warranty-claims`;
const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const PROBLEM = { problem: 'The grinding came back after two weeks.', mileage: 61_800 };

describe('warranty claims', () => {
  it('the customer opens one; the technician accepts: a job at no charge with them', async () => {
    const reference = await job();
    const before = (await call('GET', claims(reference), customer.cookie)).json();
    expect(before).toMatchObject({ canClaim: true, claims: [], coveredMiles: 73_000 });
    expect(Date.parse(before.coveredUntil)).toBeGreaterThan(t.clock.now.getTime() + 300 * DAY);

    const opened = await call('POST', claims(reference), customer.cookie, PROBLEM);
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json()).toMatchObject({
      status: 'open',
      problem: PROBLEM.problem,
      mileage: 61_800,
    });
    // One waiting at a time.
    const again = await call('POST', claims(reference), customer.cookie, PROBLEM);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'A warranty claim on this job is already waiting for an answer',
    );
    // The technician is told (by e-mail: no device).
    const told = await t.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'warranty_claim_technician'));
    expect(told).toHaveLength(1);

    // Only the job's technician or an admin answers.
    const answer = (cookie: string | undefined, body: object) =>
      call('POST', `${claims(reference)}/${opened.json().id}/answer`, cookie, body);
    expect((await answer(customer.cookie, { decision: 'accept' })).statusCode).toBe(403);
    expect((await answer(other.cookie, { decision: 'accept' })).statusCode).toBe(404);
    expect((await answer(tech.cookie, { decision: 'maybe' })).statusCode).toBe(400);
    const accepted = await answer(tech.cookie, { decision: 'accept' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const followUp = accepted.json().followUpReference as string;
    expect(accepted.json()).toMatchObject({ status: 'accepted', answeredBy: 'technician' });
    expect(
      (await answer(tech.cookie, { decision: 'decline', reason: 'Too late now' })).statusCode,
    ).toBe(409);

    // The new job: the same customer and technician, at no charge, accepted already.
    const page = (await call('GET', `/api/service-requests/${followUp}`, customer.cookie)).json();
    expect(page).toMatchObject({ status: 'accepted', serviceType: 'Brake Service' });
    expect(page.problem).toContain(`Warranty repair at no charge for ${reference}`);
    const [row] = await t.app.db
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.id, Number(followUp.slice(3))));
    expect(row).toMatchObject({ assignedTechnicianId: tech.id, estimatedCostCents: 0 });

    // On the original's timeline and in the audit log; the customer hears.
    const events = await t.app.db
      .select({ move: serviceRequestEvents.move })
      .from(serviceRequestEvents)
      .where(
        and(
          eq(serviceRequestEvents.serviceRequestId, Number(reference.slice(3))),
          like(serviceRequestEvents.move, 'warranty%'),
        ),
      );
    expect(events.map((e) => e.move)).toEqual(['warranty_claim', 'warranty_accepted']);
    const audited = await t.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(like(auditLog.action, 'warranty.%'));
    expect(audited.map((a) => a.action)).toEqual(['warranty.claim', 'warranty.accepted']);
    const mail = await t.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'warranty_answered'));
    expect(mail[0]!.subject).toMatch(/^Your warranty claim was accepted/);
  });

  it('an admin steps in and declines with a reason', async () => {
    const reference = await job();
    const opened = (await call('POST', claims(reference), customer.cookie, PROBLEM)).json();
    const noReason = await call('POST', `${claims(reference)}/${opened.id}/answer`, admin, {
      decision: 'decline',
    });
    expect(noReason.statusCode).toBe(400);
    const declined = await call('POST', `${claims(reference)}/${opened.id}/answer`, admin, {
      decision: 'decline',
      reason: 'The pads were replaced by another shop since.',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({
      status: 'declined',
      answeredBy: 'admin',
      declineReason: 'The pads were replaced by another shop since.',
      followUpReference: null,
    });
    // A new claim may follow a declined one.
    expect((await call('GET', claims(reference), customer.cookie)).json().canClaim).toBe(true);
  });

  it('refuses a claim before completion, after the term, beyond the miles, or by others', async () => {
    const working = await job('in_progress');
    const early = await call('POST', claims(working), customer.cookie, PROBLEM);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('A warranty claim can be opened once the job is completed');

    const old = await job('completed', 400);
    const late = await call('POST', claims(old), customer.cookie, PROBLEM);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/^This job's warranty ended on /);

    const recent = await job();
    const far = await call('POST', claims(recent), customer.cookie, {
      ...PROBLEM,
      mileage: 80_000,
    });
    expect(far.statusCode).toBe(409);
    expect(far.json().message).toBe("This job's warranty covers 12,000 miles, up to 73,000 miles");
    expect(
      (await call('POST', claims(recent), customer.cookie, { problem: 'short' })).statusCode,
    ).toBe(400);
    // The technician cannot claim; strangers get the unknown request's 404.
    expect((await call('POST', claims(recent), tech.cookie, PROBLEM)).statusCode).toBe(403);
    expect((await call('POST', claims(recent), undefined, PROBLEM)).statusCode).toBe(404);
  });
});
