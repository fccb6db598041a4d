import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../tests/helpers/build-test-app';
import { createTechnician, createUser, signIn } from '../../../../../tests/helpers/factories';
import { LOCATIONS } from '@shared/constants/locations';
import { formatReference } from '@shared/service-request-rules';
import { serviceRequests } from '../../../db/schema';
import { requestLinkToken } from '../../../domain/request-links';

/**
 * On the way, on the map (ADR 045): the technician on the way shares their position at most
 * every 30 seconds; the customer's page shows it and the arrival estimate from it (else from
 * their base); it is forgotten when the job stops being en route.
 */
const hyattsville = LOCATIONS.find((l) => l.name === 'Hyattsville, MD')!;
// Tuesday 1 December 2026, 9 AM in New York.
const NOW = new Date('2026-12-01T14:00:00Z');
// About 2.5 miles north of Hyattsville: 5 minutes at city speed... rounded to 5.
const NEARBY = { latitude: 38.99, longitude: -76.9455 };

let t: TestApp;
let customer: { id: number; cookie: string };
let tech: { id: number; cookie: string };
let other: string;

beforeAll(async () => {
  t = await buildTestApp();
  const c = await createUser(t.app, { role: 'customer' });
  customer = { id: c.id, cookie: await signIn(t.app, c.username!) };
  const a = await createTechnician(t.app, { specialties: ['Oil Change'] });
  tech = { id: a.technician.id, cookie: await signIn(t.app, a.user.username!) };
  const b = await createTechnician(t.app, { specialties: ['Oil Change'] });
  other = await signIn(t.app, b.user.username!);
});
beforeEach(() => t.clock.set(NOW));
afterAll(() => t.close());

async function job(status: 'en_route' | 'scheduled' = 'en_route') {
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
      contactEmail: 'pat.arrival@example.com',
      status,
      dispatchRound: 1,
      assignedTechnicianId: tech.id,
      assignedAt: NOW,
      windowStart: new Date(NOW.getTime() + 30 * 60_000),
      windowEnd: new Date(NOW.getTime() + 150 * 60_000),
      windowConfirmedAt: NOW,
    })
    .returning();
  return { id: r!.id, reference: formatReference(r!.id) };
}

const share = (reference: string, cookie: string, body: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/service-requests/${reference}/position`,
    headers: { cookie },
    payload: body,
  });
const page = (reference: string, cookie: string) =>
  t.app.inject({ url: `/api/service-requests/${reference}`, headers: { cookie } });

describe('the position of the technician on the way', () => {
  it("is shared by them, shown on the customer's page with the estimate from it", async () => {
    const { reference } = await job();
    // Before any position: the estimate from their base, by distance.
    const before = (await page(reference, customer.cookie)).json();
    expect(before.arrival).toMatchObject({ basis: 'distance', position: null });
    expect(before.arrival.etaMinutes).toBeGreaterThanOrEqual(5);

    const res = await share(reference, tech.cookie, { ...NEARBY, accuracy: 20 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      etaMinutes: 5,
      basis: 'position',
      position: { ...NEARBY, at: expect.any(String) },
    });
    const after = (await page(reference, customer.cookie)).json();
    expect(after.arrival).toEqual(res.json());
    // The guest link sees it too.
    const token = requestLinkToken(t.app.config.sessionSecret, Number(reference.slice(3)));
    const guest = await t.app.inject({ url: `/api/service-requests/${reference}?t=${token}` });
    expect(guest.json().arrival.basis).toBe('position');
  });

  it('at most every 30 seconds (429 with Retry-After), a stale one no longer counts', async () => {
    const { reference } = await job();
    expect((await share(reference, tech.cookie, NEARBY)).statusCode).toBe(200);
    t.clock.advance(10_000);
    const soon = await share(reference, tech.cookie, NEARBY);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().message).toBe('Share your position at most every 30 seconds');
    // 20 seconds left (19 if the test itself took a second).
    expect(Number(soon.headers['retry-after'])).toBeGreaterThanOrEqual(19);
    expect(Number(soon.headers['retry-after'])).toBeLessThanOrEqual(20);
    t.clock.advance(20_000);
    expect((await share(reference, tech.cookie, NEARBY)).statusCode).toBe(200);
    // Eleven minutes without news: the estimate falls back to the distance from the base.
    t.clock.advance(11 * 60_000);
    expect((await page(reference, customer.cookie)).json().arrival).toMatchObject({
      basis: 'distance',
      position: null,
    });
  });

  it('only by the technician holding the job, only en route, only real coordinates', async () => {
    const { reference } = await job();
    const byCustomer = await share(reference, customer.cookie, NEARBY);
    expect(byCustomer.statusCode).toBe(403);
    expect((await share(reference, other, NEARBY)).statusCode).toBe(404);
    const bad = await share(reference, tech.cookie, { latitude: 123, longitude: -76.9 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('latitude must be between -90 and 90');
    const vague = await share(reference, tech.cookie, { ...NEARBY, accuracy: 9000 });
    expect(vague.statusCode).toBe(400);
    const notYet = await job('scheduled');
    const early = await share(notYet.reference, tech.cookie, NEARBY);
    expect(early.statusCode).toBe(409);
    expect((await page(notYet.reference, customer.cookie)).json().arrival).toBeNull();
  });

  it('is forgotten when the work starts', async () => {
    const { id, reference } = await job();
    expect((await share(reference, tech.cookie, NEARBY)).statusCode).toBe(200);
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/service-requests/${reference}/moves`,
      headers: { cookie: tech.cookie },
      payload: { move: 'start_work' },
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().arrival).toBeNull();
    const [row] = await t.app.db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
    expect(row).toMatchObject({
      technicianLatitude: null,
      technicianLongitude: null,
      technicianPositionAt: null,
    });
  });
});
