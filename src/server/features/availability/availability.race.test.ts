import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { createTechnician, createUser, signIn } from '../../../../tests/helpers/factories';
import { LOCATIONS } from '@shared/constants/locations';
import { jobNotifications, serviceRequests } from '../../db/schema';

// One technician's time is booked once (ADR 043). On PostgreSQL each request runs on its own
// connection, so the answers race for real: 40 trials there, a smoke run on the embedded
// database (one connection: the same code, serialised).
const onPostgres = !!process.env.TEST_DATABASE_URL;
const TRIALS = onPostgres ? 40 : 4;
const bowie = LOCATIONS.find((l) => l.name === 'Bowie, MD')!;

let t: TestApp;
let tech: { id: number; cookie: string };
let rival: { id: number; cookie: string };
const customers: { id: number }[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  [tech, rival] = await Promise.all([aroundTheClock(0), aroundTheClock(0.01)]);
  for (let i = 0; i < 2; i++) {
    customers.push({ id: (await createUser(t.app, { role: 'customer' })).id });
  }
});
afterAll(() => t.close());

/** A technician in Bowie who works around the clock, every day: any trial's window fits. */
async function aroundTheClock(north: number) {
  const { user, technician } = await createTechnician(t.app, {
    location: bowie,
    latitude: bowie.latitude + north,
    specialties: ['Brake Service'],
    plan: 'Professional',
  });
  const x = { id: technician.id, cookie: await signIn(t.app, user.username!) };
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/availability/schedule',
    headers: { cookie: x.cookie },
    payload: {
      hours: Array.from({ length: 7 }, () => ({ start: '00:00', end: '24:00' })),
      travelBufferMinutes: 0,
      maxJobsPerDay: 12,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return x;
}

/** The trial's window: a different two hours each, days ahead, on the hour (UTC). */
function windowOf(trial: number) {
  const start = new Date(Date.now() + 2 * 86_400_000);
  start.setUTCHours(0, 0, 0, 0);
  start.setTime(start.getTime() + trial * 3 * 3_600_000);
  return { start, end: new Date(start.getTime() + 2 * 3_600_000) };
}

const bookedOf = (ids: number[]) =>
  t.app.db
    .select({ id: serviceRequests.id })
    .from(serviceRequests)
    .where(and(inArray(serviceRequests.id, ids), eq(serviceRequests.windowBooked, true)));

describe(`one booking of a window (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(`${TRIALS} trials of one technician accepting two requests for the same window at once`, async () => {
    for (let trial = 0; trial < TRIALS; trial++) {
      const w = windowOf(trial);
      const picked = [{ start: w.start.toISOString(), end: w.end.toISOString() }];
      const rows = await t.app.db
        .insert(serviceRequests)
        .values(
          customers.map((c) => ({
            customerId: c.id,
            serviceType: 'Brake Service',
            description: `accept trial ${trial}`,
            location: 'Bowie, MD',
            latitude: bowie.latitude,
            longitude: bowie.longitude,
            requestedWindows: picked,
          })),
        )
        .returning({ id: serviceRequests.id });
      for (const r of rows) expect(await t.app.dispatcher.dispatch(r.id)).toBe(2);
      const offers = await t.app.db
        .select()
        .from(jobNotifications)
        .where(
          and(
            inArray(
              jobNotifications.serviceRequestId,
              rows.map((r) => r.id),
            ),
            eq(jobNotifications.technicianId, tech.id),
          ),
        );
      const answers = await Promise.all(
        offers.map((n) =>
          t.app.inject({
            method: 'PATCH',
            url: `/api/job-notifications/${n.id}/accept`,
            headers: { cookie: tech.cookie },
          }),
        ),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes, `trial ${trial}: ${answers.map((a) => a.body).join(' | ')}`).toEqual([
        200, 409,
      ]);
      expect(await bookedOf(rows.map((r) => r.id))).toHaveLength(1);
      const [lost] = await t.app.db
        .select()
        .from(jobNotifications)
        .where(
          and(
            inArray(
              jobNotifications.serviceRequestId,
              rows.map((r) => r.id),
            ),
            eq(jobNotifications.technicianId, tech.id),
            eq(jobNotifications.status, 'pending'),
          ),
        );
      // The offer refused for want of a free window stays open for others to take.
      expect(lost).toBeDefined();
    }
  }, 240_000);

  it(`${TRIALS} trials of two technicians accepting one request for its window at once`, async () => {
    const byTech = new Map([tech, rival].map((x) => [x.id, x]));
    for (let trial = 0; trial < TRIALS; trial++) {
      const w = windowOf(trial + 40);
      const [row] = await t.app.db
        .insert(serviceRequests)
        .values({
          customerId: customers[0]!.id,
          serviceType: 'Brake Service',
          description: `two technicians, trial ${trial}`,
          location: 'Bowie, MD',
          latitude: bowie.latitude,
          longitude: bowie.longitude,
          requestedWindows: [{ start: w.start.toISOString(), end: w.end.toISOString() }],
        })
        .returning({ id: serviceRequests.id });
      expect(await t.app.dispatcher.dispatch(row!.id)).toBe(2);
      const offers = await t.app.db
        .select()
        .from(jobNotifications)
        .where(eq(jobNotifications.serviceRequestId, row!.id));
      const answers = await Promise.all(
        offers.map((n) =>
          t.app.inject({
            method: 'PATCH',
            url: `/api/job-notifications/${n.id}/accept`,
            headers: { cookie: byTech.get(n.technicianId)!.cookie },
          }),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort(), `trial ${trial}`).toEqual([200, 409]);
      const winner = offers[answers.findIndex((a) => a.statusCode === 200)]!;
      const [after] = await t.app.db
        .select()
        .from(serviceRequests)
        .where(eq(serviceRequests.id, row!.id));
      expect(after).toMatchObject({
        status: 'scheduled',
        assignedTechnicianId: winner.technicianId,
        windowStart: w.start,
        windowBooked: true,
      });
    }
  }, 240_000);
});
