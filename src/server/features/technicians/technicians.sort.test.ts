import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { createTechnician } from '../../../../tests/helpers/factories';
import { LOCATIONS } from '@shared/constants/locations';
import { technicians } from '../../db/schema';

// Sort orders, free-text places (`near`) and map points (ADR 018).
let t: TestApp;
const bowie = LOCATIONS.find((l) => l.name === 'Bowie, MD')!;
type Row = {
  id: number;
  distanceMiles?: number;
  mapPoint?: { latitude: number; longitude: number };
};
const ids: Record<string, number> = {};

// Five technicians north of Bowie, 1..5 miles away; rating, rate and years in different orders.
const SPECS = [
  { name: 'Ann', miles: 1, rating: '3.50', rate: 9000, years: 2 },
  { name: 'Ben', miles: 2, rating: '4.90', rate: 12000, years: 8 },
  { name: 'Cal', miles: 3, rating: '4.20', rate: 6000, years: 20 },
  { name: 'Dee', miles: 4, rating: '4.90', rate: 7500, years: 1 },
  { name: 'Eve', miles: 5, rating: '2.00', rate: 6000, years: 12 },
];

beforeAll(async () => {
  t = await buildTestApp();
  for (const s of SPECS) {
    const { technician } = await createTechnician(t.app, {
      firstName: s.name,
      location: bowie,
      latitude: bowie.latitude + s.miles / 69.05,
      longitude: bowie.longitude,
      hourlyRateCents: s.rate,
      specialties: ['Diagnostics'],
    });
    await t.app.db
      .update(technicians)
      .set({ rating: s.rating, totalReviews: 10 - s.miles, yearsExperience: s.years })
      .where(eq(technicians.id, technician.id));
    ids[s.name] = technician.id;
  }
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const names = (rows: Row[]) =>
  rows.map((r) => Object.entries(ids).find(([, id]) => id === r.id)?.[0]);
const list = async (qs: string) => {
  const res = await get(`/api/technicians?serviceType=Diagnostics&${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Row[];
};
const near = `near=${encodeURIComponent('Bowie, MD')}`;

describe('sort', () => {
  it('with a place: distance by default, and each order on request', async () => {
    expect(names(await list(near))).toEqual(['Ann', 'Ben', 'Cal', 'Dee', 'Eve']);
    expect(names(await list(`${near}&sort=distance`))).toEqual(['Ann', 'Ben', 'Cal', 'Dee', 'Eve']);
    // Rating: best first; Ben and Dee tie on 4.90 and Ben has more reviews.
    expect(names(await list(`${near}&sort=rating`))).toEqual(['Ben', 'Dee', 'Cal', 'Ann', 'Eve']);
    // Price: lowest hourly rate first; Cal and Eve tie at $60 and Cal is better rated.
    expect(names(await list(`${near}&sort=price`))).toEqual(['Cal', 'Eve', 'Dee', 'Ann', 'Ben']);
    // Experience: most years first.
    expect(names(await list(`${near}&sort=EXPERIENCE`))).toEqual([
      'Cal',
      'Eve',
      'Ben',
      'Ann',
      'Dee',
    ]);
  });

  it('keeps the distance on every card in every order', async () => {
    for (const sort of ['distance', 'rating', 'price', 'experience']) {
      const rows = await list(`${near}&sort=${sort}`);
      for (const r of rows) {
        const spec = SPECS.find((s) => ids[s.name] === r.id)!;
        expect(r.distanceMiles, sort).toBeCloseTo(spec.miles, 0);
      }
    }
  });

  it('without a place: rating by default, distance falls back to rating, no distances', async () => {
    const byRating = ['Ben', 'Dee', 'Cal', 'Ann', 'Eve'];
    expect(names(await list(''))).toEqual(byRating);
    expect(names(await list('sort=distance'))).toEqual(byRating);
    expect(names(await list('sort=rating'))).toEqual(byRating);
    expect(names(await list('sort=price'))).toEqual(['Cal', 'Eve', 'Dee', 'Ann', 'Ben']);
    expect(names(await list('sort=experience'))).toEqual(['Cal', 'Eve', 'Ben', 'Ann', 'Dee']);
    for (const r of await list('sort=price')) expect(r).not.toHaveProperty('distanceMiles');
  });

  it('pages each order without gaps or repeats', async () => {
    for (const qs of ['', near]) {
      for (const sort of ['distance', 'rating', 'price', 'experience']) {
        const all = names(await list(`${qs}&sort=${sort}`));
        const pages = [];
        for (let page = 1; page <= 3; page++) {
          const res = await get(
            `/api/technicians?serviceType=Diagnostics&${qs}&sort=${sort}&pageSize=2&page=${page}`,
          );
          expect(res.headers['x-total-count']).toBe('5');
          pages.push(...names(res.json()));
        }
        expect(pages, `${qs} ${sort}`).toEqual(all);
      }
    }
  });

  it('POST /api/technicians/search sorts the same', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/technicians/search',
      payload: { serviceType: 'Diagnostics', zip: '20715', sort: 'price', maxDistance: 10 },
    });
    expect(res.statusCode).toBe(200);
    expect(names(res.json())).toEqual(['Cal', 'Eve', 'Dee', 'Ann', 'Ben']);
  });

  it('changes when a rate changes (the index follows the database)', async () => {
    await t.app.db
      .update(technicians)
      .set({ hourlyRateCents: 3000 })
      .where(eq(technicians.id, ids.Ben!));
    expect(names(await list(`${near}&sort=price`))[0]).toBe('Ben');
    await t.app.db
      .update(technicians)
      .set({ hourlyRateCents: 12000 })
      .where(eq(technicians.id, ids.Ben!));
    expect(names(await list(`${near}&sort=price`))[0]).toBe('Cal');
  });

  it('refuses an unknown order with 400 and the list of orders', async () => {
    for (const sort of ['nearest', 'price,rating']) {
      const res = await get(`/api/technicians?sort=${encodeURIComponent(sort)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'sort must be one of: recommended, distance, rating, price, experience',
      );
    }
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/technicians/search',
      payload: { sort: 'cheapest' },
    });
    expect(post.statusCode).toBe(400);
    expect(post.json().message).toMatch(/sort must be one of/);
  });
});

describe('near (free text)', () => {
  it('resolves a ZIP, an address with its ZIP, a named town and City, ST', async () => {
    const cases = [
      '20715',
      '  20715-1234 ',
      '12 Elm St, Bowie, MD 20715',
      // A 5-digit house number comes before the ZIP code.
      '12345 Old Chapel Rd, Bowie, MD 20715',
      'Bowie, MD',
      'bowie',
    ];
    for (const text of cases) {
      const rows = await list(`near=${encodeURIComponent(text)}&maxDistance=10`);
      // ZIP 20715's centre is ~2.6 miles north of the town's, so the order differs.
      expect(names(rows).sort(), text).toEqual(['Ann', 'Ben', 'Cal', 'Dee', 'Eve']);
    }
    // A town outside the named ones, by City, ST: Bethesda is ~20 miles from Bowie.
    expect(await list(`near=${encodeURIComponent('Bethesda, MD')}&maxDistance=10`)).toEqual([]);
    expect(await list(`near=${encodeURIComponent('Bethesda, MD')}&maxDistance=30`)).toHaveLength(5);
  });

  it('answers 400 with a clear message for an unknown place or ZIP, and for two places', async () => {
    const cases: [string, string | RegExp][] = [
      ['near=99999', 'Unknown ZIP code: 99999'],
      [`near=${encodeURIComponent('1 Main St, Nowhere 99999')}`, 'Unknown ZIP code: 99999'],
      [`near=${encodeURIComponent('Atlantis')}`, /^Unknown place: Atlantis\. Enter a 5-digit ZIP/],
      ['zip=99999', 'Unknown ZIP code: 99999'],
      [`near=20715&zip=20715`, 'Give one of location, zip or near'],
      [`near=${'x'.repeat(201)}`, 'near must be at most 200 characters'],
    ];
    for (const [qs, message] of cases) {
      const res = await get(`/api/technicians?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().message, qs).toMatch(message);
    }
  });

  it('keeps location and zip working as before', async () => {
    expect(names(await list(`location=${encodeURIComponent('Bowie, MD')}`))).toEqual([
      'Ann',
      'Ben',
      'Cal',
      'Dee',
      'Eve',
    ]);
    const byZip = await list('zip=20715&maxDistance=2');
    expect(names(byZip)).toEqual(['Cal', 'Ben', 'Dee', 'Ann']);
    expect(await list('near=20715&maxDistance=2')).toEqual(byZip);
  });
});

describe('map points', () => {
  it('each listed technician has its base rounded to 2 decimals', async () => {
    const [ann] = await list(`${near}&pageSize=1`);
    const spec = { latitude: bowie.latitude + 1 / 69.05, longitude: bowie.longitude };
    expect(ann!.mapPoint).toEqual({
      latitude: Math.round(spec.latitude * 100) / 100,
      longitude: Math.round(spec.longitude * 100) / 100,
    });
  });
});
