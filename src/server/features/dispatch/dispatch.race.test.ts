import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { createTechnician, createUser, signIn } from '../../../../tests/helpers/factories';
import { LOCATIONS } from '@shared/constants/locations';
import { jobNotifications, serviceRequests } from '../../db/schema';

// The race matters on PostgreSQL, where each accept runs on its own connection: 200 trials
// there, a smoke run on the single-connection embedded database.
const onPostgres = !!process.env.TEST_DATABASE_URL;
const TRIALS = onPostgres ? 200 : 10;
const laurel = LOCATIONS.find((l) => l.name === 'Laurel, MD')!;

let t: TestApp;
const techs: { id: number; cookie: string }[] = [];
let customerId: number;

beforeAll(async () => {
  t = await buildTestApp();
  for (let i = 0; i < 5; i++) {
    const { user, technician } = await createTechnician(t.app, {
      location: laurel,
      latitude: laurel.latitude + i * 0.001,
      specialties: ['Suspension'],
      plan: 'Professional',
    });
    techs.push({ id: technician.id, cookie: await signIn(t.app, user.username!) });
  }
  customerId = (await createUser(t.app)).id;
});
afterAll(() => t.close());

describe(`accept race (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(`${TRIALS} trials of 5 technicians accepting the same request at once: exactly one winner each`, async () => {
    const byTech = new Map(techs.map((x) => [x.id, x]));
    for (let trial = 0; trial < TRIALS; trial++) {
      const [req] = await t.app.db
        .insert(serviceRequests)
        .values({
          customerId,
          serviceType: 'Suspension',
          description: `trial ${trial}`,
          location: laurel.name,
          latitude: laurel.latitude,
          longitude: laurel.longitude,
        })
        .returning();
      expect(await t.app.dispatcher.dispatch(req!.id)).toBe(5);
      const ns = await t.app.db
        .select()
        .from(jobNotifications)
        .where(eq(jobNotifications.serviceRequestId, req!.id));
      const results = await Promise.all(
        ns.map((n) =>
          t.app.inject({
            method: 'PATCH',
            url: `/api/job-notifications/${n.id}/accept`,
            headers: { cookie: byTech.get(n.technicianId)!.cookie },
          }),
        ),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes, `trial ${trial}`).toEqual([200, 409, 409, 409, 409]);
      const winner = ns[results.findIndex((r) => r.statusCode === 200)]!;
      const [after] = await t.app.db
        .select()
        .from(serviceRequests)
        .where(eq(serviceRequests.id, req!.id));
      expect(after).toMatchObject({
        status: 'accepted',
        assignedTechnicianId: winner.technicianId,
      });
      const accepted = await t.app.db
        .select()
        .from(jobNotifications)
        .where(
          and(
            eq(jobNotifications.serviceRequestId, req!.id),
            eq(jobNotifications.status, 'accepted'),
          ),
        );
      expect(accepted).toHaveLength(1);
    }
  }, 240_000);
});
