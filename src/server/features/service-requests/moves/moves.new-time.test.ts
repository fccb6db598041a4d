import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../tests/helpers/build-test-app';
import { createTechnician, createUser, signIn } from '../../../../../tests/helpers/factories';
import { LOCATIONS } from '@shared/constants/locations';
import { formatReference } from '@shared/service-request-rules';
import { outbox, serviceRequestEvents, serviceRequests } from '../../../db/schema';

/**
 * Moving a confirmed visit (ADR 043): the customer asks for a new time, the visit stays until
 * the technician accepts (which books it by the same rules and constraint as dispatch) or keeps
 * the current time. And the cancellation rules shown before booking: free until 24 hours
 * before the window, a paid deposit refunded then.
 */
const hyattsville = LOCATIONS.find((l) => l.name === 'Hyattsville, MD')!;
const HOUR = 3_600_000;
// Tuesday 1 December 2026, 9 AM in New York: Wednesday's 10 AM window is a working-hours one.
const NOW = new Date('2026-12-01T14:00:00Z');
const at = (iso: string) => new Date(iso);
const WEDNESDAY_10 = { start: '2026-12-02T15:00:00.000Z', end: '2026-12-02T17:00:00.000Z' };
const WEDNESDAY_NOON = { start: '2026-12-02T17:00:00.000Z', end: '2026-12-02T19:00:00.000Z' };
const FRIDAY_10 = { start: '2026-12-04T15:00:00.000Z', end: '2026-12-04T17:00:00.000Z' };
const THURSDAY_10 = { start: '2026-12-03T15:00:00.000Z', end: '2026-12-03T17:00:00.000Z' };

let t: TestApp;
let customer: { id: number; cookie: string };
let tech: { id: number; cookie: string };

beforeAll(async () => {
  t = await buildTestApp();
  const c = await createUser(t.app, { role: 'customer' });
  customer = { id: c.id, cookie: await signIn(t.app, c.username!) };
  const a = await createTechnician(t.app, { specialties: ['Oil Change'] });
  tech = { id: a.technician.id, cookie: await signIn(t.app, a.user.username!) };
});
beforeEach(() => t.clock.set(NOW));
afterAll(() => t.close());

/**
 * A visit confirmed and booked for the technician: in `window`, or in a slot of its own far
 * from the times the tests move visits to (the technician's bookings may never overlap).
 */
let slot = 0;
async function scheduled(
  window = {
    start: new Date(Date.parse('2026-12-20T00:00:00Z') + slot * 4 * HOUR).toISOString(),
    end: new Date(Date.parse('2026-12-20T02:00:00Z') + slot++ * 4 * HOUR).toISOString(),
  },
) {
  const [r] = await t.app.db
    .insert(serviceRequests)
    .values({
      customerId: customer.id,
      serviceType: 'Oil Change',
      description: 'Due for an oil change.',
      location: hyattsville.name,
      latitude: hyattsville.latitude,
      longitude: hyattsville.longitude,
      contactName: 'Pat Doe',
      contactEmail: 'pat.newtime@example.com',
      status: 'scheduled',
      dispatchRound: 1,
      assignedTechnicianId: tech.id,
      assignedAt: NOW,
      windowStart: at(window.start),
      windowEnd: at(window.end),
      windowConfirmedAt: NOW,
      windowBooked: true,
    })
    .returning();
  return { reference: formatReference(r!.id), window };
}

const move = (reference: string, cookie: string, body: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/service-requests/${reference}/moves`,
    headers: { cookie },
    payload: body,
  });
const ask = (reference: string, w: { start: string; end: string }) =>
  move(reference, customer.cookie, {
    move: 'request_new_time',
    windowStart: w.start,
    windowEnd: w.end,
  });
const rowOf = async (reference: string) =>
  (
    await t.app.db
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.id, Number(reference.slice(3))))
  )[0]!;

describe('the customer asks for a new time', () => {
  it('the visit stands until the technician accepts; accepting books the new window', async () => {
    const { reference, window } = await scheduled();
    const asked = await ask(reference, WEDNESDAY_10);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({
      status: 'scheduled',
      window: { start: window.start },
      newTime: WEDNESDAY_10,
    });
    // Only the technician answers it.
    expect(asked.json().actions).not.toContain('accept_new_time');
    const techView = (
      await t.app.inject({
        url: `/api/service-requests/${reference}`,
        headers: { cookie: tech.cookie },
      })
    ).json();
    expect(techView.actions).toEqual(
      expect.arrayContaining(['accept_new_time', 'decline_new_time']),
    );
    // The technician hears of it (no device: by e-mail).
    const told = await t.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'new_time_requested_technician'));
    expect(told.length).toBeGreaterThan(0);

    const accepted = await move(reference, tech.cookie, { move: 'accept_new_time' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      status: 'scheduled',
      window: { start: WEDNESDAY_10.start, end: WEDNESDAY_10.end },
      newTime: null,
    });
    expect(await rowOf(reference)).toMatchObject({ windowBooked: true, newWindowStart: null });
    // The customer is told, with the calendar file that moves the visit.
    const [mail] = await t.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'job_new_time_accepted'));
    const [file] = await t.app.mailAttachments.render(mail!);
    expect(file!.contentType).toMatch(/^text\/calendar/);
    expect(file!.content.toString('utf8')).toContain(
      'DTSTART;TZID=America/New_York:20261202T100000',
    );
    const moves = await t.app.db
      .select({ move: serviceRequestEvents.move })
      .from(serviceRequestEvents)
      .where(eq(serviceRequestEvents.serviceRequestId, Number(reference.slice(3))));
    expect(moves.map((m) => m.move)).toEqual(['request_new_time', 'accept_new_time']);
  });

  it('keeping the current time clears the ask and tells the customer', async () => {
    const { reference, window } = await scheduled();
    await ask(reference, THURSDAY_10);
    const kept = await move(reference, tech.cookie, { move: 'decline_new_time' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({
      window: { start: window.start },
      newTime: null,
    });
    const again = await move(reference, tech.cookie, { move: 'accept_new_time' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The customer has not asked for a new time');
    const mails = await t.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'job_new_time_declined'));
    expect(mails.length).toBeGreaterThan(0);
  });

  it('refuses a new time in the past, unchecked, or from anyone but the customer', async () => {
    const { reference } = await scheduled();
    const past = await ask(reference, {
      start: new Date(NOW.getTime() - 2 * HOUR).toISOString(),
      end: NOW.toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('The arrival window must be in the future');
    const none = await move(reference, customer.cookie, { move: 'request_new_time' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please choose the start and end of the arrival window');
    const byTech = await move(reference, tech.cookie, {
      move: 'request_new_time',
      windowStart: WEDNESDAY_10.start,
      windowEnd: WEDNESDAY_10.end,
    });
    expect(byTech.statusCode).toBe(403);
    expect((await rowOf(reference)).newWindowStart).toBeNull();
  });

  it('accepting a time the technician is booked in is refused, and the visit stands', async () => {
    // Another visit of theirs already holds Wednesday noon.
    await scheduled(WEDNESDAY_NOON);
    const { reference, window } = await scheduled();
    await ask(reference, WEDNESDAY_NOON);
    const res = await move(reference, tech.cookie, { move: 'accept_new_time' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      "You can't accept this time: You already have a job booked in that arrival window",
    );
    expect(await rowOf(reference)).toMatchObject({
      windowStart: at(window.start),
      newWindowStart: at(WEDNESDAY_NOON.start),
    });
  });

  it('two new times accepted at once for one window: one books it, the other is refused', async () => {
    const first = await scheduled();
    const second = await scheduled();
    await ask(first.reference, FRIDAY_10);
    await ask(second.reference, FRIDAY_10);
    const results = await Promise.all([
      move(first.reference, tech.cookie, { move: 'accept_new_time' }),
      move(second.reference, tech.cookie, { move: 'accept_new_time' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const holding = await t.app.db
      .select({ id: serviceRequests.id })
      .from(serviceRequests)
      .where(
        and(
          eq(serviceRequests.assignedTechnicianId, tech.id),
          eq(serviceRequests.windowStart, at(FRIDAY_10.start)),
        ),
      );
    expect(holding).toHaveLength(1);
  });
});

describe('canceling, by the rules shown before booking', () => {
  it('stays possible within the day: no fee exists, only a deposit may be kept', async () => {
    const soon = await scheduled({
      start: '2026-12-02T00:00:00.000Z',
      end: '2026-12-02T02:00:00.000Z',
    });
    const canceled = await move(soon.reference, customer.cookie, { move: 'cancel' });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().status).toBe('canceled');
  });
});
