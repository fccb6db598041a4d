import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { createTechnician, type PlanName } from '../../../../tests/helpers/factories';
import { LIMITS } from '@shared/constants/domain';
import { LOCATIONS } from '@shared/constants/locations';
import { technicians } from '../../db/schema';
import { searchSnapshot } from '../../domain/technician-index';

// Featured listing and advanced search visibility (Premium, Professional; ADR 014).
let t: TestApp;
const frederick = LOCATIONS.find((l) => l.name === 'Prince Frederick, MD')!;
const ids: Record<string, number> = {};
const north = (miles: number) => ({
  latitude: frederick.latitude + miles / 69.05,
  longitude: frederick.longitude,
});

async function tech(name: string, miles: number, plan?: PlanName, rating = '4.00') {
  const { technician } = await createTechnician(t.app, {
    firstName: name,
    location: frederick,
    ...north(miles),
    specialties: ['Transmission'],
    plan,
  });
  await t.app.db.update(technicians).set({ rating }).where(eq(technicians.id, technician.id));
  ids[name] = technician.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  // Band 0-5 miles: two without the boost nearer than a Premium and a Professional.
  await tech('Ada', 0.5, undefined, '4.90');
  await tech('Bea', 1, 'Basic', '5.00');
  await tech('Cal', 4, 'Premium', '3.00');
  await tech('Dee', 3, 'Professional', '3.50');
  // Band 5-10 miles: featured, but never before the nearer band.
  await tech('Eve', 6, 'Premium', '5.00');
  await tech('Fay', 5.5);
});
afterAll(() => t.close());

type Item = { id: number; featured: boolean; distanceMiles?: number };
const search = async (qs: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/technicians?${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return { items: res.json() as Item[], total: Number(res.headers['x-total-count']) };
};
const near = `location=${encodeURIComponent(frederick.name)}&serviceType=Transmission&maxDistance=15`;

describe('featured technicians', () => {
  it('rank first within each 5-mile band, then nearest, then best rated', async () => {
    const { items, total } = await search(near);
    expect(items.map((x) => x.id)).toEqual(
      ['Dee', 'Cal', 'Ada', 'Bea', 'Eve', 'Fay'].map((n) => ids[n]),
    );
    expect(total).toBe(6);
    expect(items.map((x) => x.featured)).toEqual([true, true, false, false, true, false]);
  });

  it('lead only the default order: an explicit order is obeyed, the badge kept', async () => {
    // Nearest first, whatever the plan.
    const byDistance = await search(`${near}&sort=distance`);
    expect(byDistance.items.map((x) => x.id)).toEqual(
      ['Ada', 'Bea', 'Dee', 'Cal', 'Fay', 'Eve'].map((n) => ids[n]),
    );
    expect(byDistance.items.map((x) => x.featured)).toEqual([
      false,
      false,
      true,
      true,
      false,
      true,
    ]);
    // Best rated first, whatever the plan (ties: nearest first).
    const byRating = await search(`${near}&sort=rating`);
    expect(byRating.items.map((x) => x.id)).toEqual(
      ['Bea', 'Eve', 'Ada', 'Fay', 'Dee', 'Cal'].map((n) => ids[n]),
    );
    const everywhere = await search('serviceType=Transmission&sort=rating');
    expect(everywhere.items.map((x) => x.id)[0]).toBe(ids.Bea);
    // The default order still boosts (the page cache keeps the two apart), and it has a name.
    expect((await search(near)).items[0]!.id).toBe(ids.Dee);
    expect((await search(`${near}&sort=recommended`)).items.map((x) => x.id)).toEqual(
      (await search(near)).items.map((x) => x.id),
    );
  });

  it('carry the badge on the profile; Basic and no plan do not', async () => {
    for (const [name, featured] of [
      ['Cal', true],
      ['Dee', true],
      ['Bea', false],
      ['Ada', false],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/technicians/${ids[name]}` });
      expect(res.json().featured, name).toBe(featured);
    }
  });

  it('without a location: recommended is featured first, then by rating; rating is strict', async () => {
    const { items } = await search('serviceType=Transmission');
    expect(items.map((x) => x.id)).toEqual(
      ['Eve', 'Dee', 'Cal', 'Bea', 'Ada', 'Fay'].map((n) => ids[n]),
    );
    const recommended = await search('serviceType=Transmission&sort=recommended');
    expect(recommended.items.map((x) => x.id)).toEqual(items.map((x) => x.id));
    const byRating = await search('serviceType=Transmission&sort=rating');
    expect(byRating.items.map((x) => x.id)).not.toEqual(items.map((x) => x.id));
    expect(byRating.items[0]!.id).toBe(ids.Bea);
  });

  it("fill the home page's featured mechanics, and only they", async () => {
    const { items, total } = await search(`featured=true&pageSize=${LIMITS.featuredTechnicians}`);
    expect(total).toBe(3);
    expect(items.map((x) => x.id)).toEqual(['Eve', 'Dee', 'Cal'].map((n) => ids[n]));
    expect(items.every((x) => x.featured)).toBe(true);
  });

  it('order deep pages (every match sorted at once) as the bounded top-k does', async () => {
    const snapshot = await t.app.technicianIndex.current();
    const run = (limit: number) =>
      searchSnapshot(snapshot, {
        point: frederick,
        maxDistance: 15,
        serviceType: 'Transmission',
        available: true,
        boost: true,
        now: t.clock.now.getTime(),
        offset: 0,
        limit,
      }).hits.map((h) => h.id);
    // More than 1000 asked for: the collect-and-sort path.
    expect(run(1001)).toEqual(run(6));
    expect(run(6)).toEqual(['Dee', 'Cal', 'Ada', 'Bea', 'Eve', 'Fay'].map((n) => ids[n]));
  });
});
