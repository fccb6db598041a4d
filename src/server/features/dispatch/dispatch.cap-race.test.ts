import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { leadsKit } from '../../../../tests/helpers/leads';
import { JOB_LIMIT_REACHED } from '@shared/plans';
import { jobNotifications } from '../../db/schema';

// The race matters on PostgreSQL, where each accept runs on its own connection: 50 trials
// there, a smoke run on the single-connection embedded database.
const onPostgres = !!process.env.TEST_DATABASE_URL;
const TRIALS = onPostgres ? 50 : 3;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const { nextSpot, technicianAt, requestAt, accept, acceptedJobs } = leadsKit(() => t);

describe(`monthly job cap race (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(`${TRIALS} trials of a Basic technician at 9 of 10 accepting two jobs at once: one passes`, async () => {
    const spot = nextSpot();
    const tech = await technicianAt(spot, 'Basic');
    await acceptedJobs(tech.id, 9, t.clock.now);
    for (let trial = 0; trial < TRIALS; trial++) {
      const a = await requestAt(spot);
      const b = await requestAt(spot);
      expect([a.notified, b.notified], `trial ${trial}`).toEqual([[tech.id], [tech.id]]);
      const results = await Promise.all([accept(a.id, tech), accept(b.id, tech)]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes, `trial ${trial}`).toEqual([200, 409]);
      expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(JOB_LIMIT_REACHED);
      const accepted = await t.app.db
        .select()
        .from(jobNotifications)
        .where(
          and(eq(jobNotifications.technicianId, tech.id), eq(jobNotifications.status, 'accepted')),
        );
      expect(accepted, `trial ${trial}`).toHaveLength(10);
      // The winner gives the job back: 9 of 10 again for the next trial.
      const winner = results[0]!.statusCode === 200 ? a : b;
      await t.app.db
        .update(jobNotifications)
        .set({ status: 'withdrawn' })
        .where(
          and(
            eq(jobNotifications.serviceRequestId, winner.id),
            eq(jobNotifications.technicianId, tech.id),
          ),
        );
    }
  }, 240_000);
});
