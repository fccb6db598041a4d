import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { createTechnician } from '../../../../tests/helpers/factories';
import { LOCATIONS } from '../../../shared/constants/locations';
import { SERVICE_TYPES } from '../../../shared/constants/service-types';
import { EARTH_RADIUS_MILES } from '../../../shared/geo';
import { technicians, users } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const search = async (qs: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/technicians?${qs}` });
  expect(res.statusCode).toBe(200);
  return {
    ids: (res.json() as { id: number }[]).map((x) => x.id),
    total: Number(res.headers['x-total-count']),
  };
};

describe('the in-memory search index', () => {
  it('answers from the latest commit: approval, suspension, availability, specialties, rating, name', async () => {
    const hy = LOCATIONS.find((l) => l.name === 'Hyattsville, MD')!;
    const { technician, user } = await createTechnician(t.app, {
      firstName: 'Quentin',
      location: hy,
      specialties: ['Electrical'],
      status: 'pending',
    });
    const q = 'name=quentin&location=Hyattsville%2C%20MD&maxDistance=5';
    expect((await search(q)).ids).toEqual([]);

    await t.app.db.update(users).set({ status: 'approved' }).where(eq(users.id, user.id));
    expect((await search(q)).ids).toEqual([technician.id]);

    await t.app.db
      .update(technicians)
      .set({ isAvailable: false })
      .where(eq(technicians.id, technician.id));
    expect((await search(q)).ids).toEqual([]);
    expect((await search(`${q}&available=false`)).ids).toEqual([technician.id]);

    await t.app.db
      .update(technicians)
      .set({ isAvailable: true, specialties: ['Oil Change'] })
      .where(eq(technicians.id, technician.id));
    expect((await search(`${q}&serviceType=Electrical`)).ids).toEqual([]);
    expect((await search(`${q}&serviceType=Oil%20Change`)).ids).toEqual([technician.id]);

    await t.app.db.update(users).set({ lastName: 'Zephyr' }).where(eq(users.id, user.id));
    expect((await search('name=zephyr')).ids).toEqual([technician.id]);

    await t.app.db.update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
    expect((await search('name=zephyr')).ids).toEqual([]);
  });

  it('reloads for what search shows, not for sign-ins', async () => {
    const version = async () =>
      Number(
        (
          (await t.app.db.execute(sql`select version from search_index_state`)) as {
            rows: { version: string }[];
          }
        ).rows[0]!.version,
      );
    const { technician, user } = await createTechnician(t.app, { firstName: 'Vera' });
    expect((await search('name=vera')).ids).toEqual([technician.id]);
    const before = await version();
    await t.app.db
      .update(users)
      .set({ lastSignInAt: new Date(), passwordHash: 'x' })
      .where(eq(users.id, user.id));
    expect(await version()).toBe(before);
    await t.app.db
      .update(technicians)
      .set({ bio: 'Fresh bio for the cached page' })
      .where(eq(technicians.id, technician.id));
    expect(await version()).toBe(before + 1);
    const res = await t.app.inject({ method: 'GET', url: '/api/technicians?name=vera' });
    expect(res.json()[0].bio).toBe('Fresh bio for the cached page');
  });

  it('gives the same pages and totals as a reference SQL query over random technicians', async () => {
    let seed = 11;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
    for (let i = 0; i < 120; i++) {
      const town = pick(LOCATIONS);
      await createTechnician(t.app, {
        firstName: pick(['Ann', 'Bo', 'Cy', 'Di']),
        latitude: town.latitude + (rand() - 0.5) * 0.6,
        longitude: town.longitude + (rand() - 0.5) * 0.6,
        location: town,
        specialties: [pick(SERVICE_TYPES), pick(SERVICE_TYPES)],
        serviceRadiusMiles: 5 + Math.floor(rand() * 30),
        isAvailable: rand() < 0.8,
        status: rand() < 0.9 ? 'approved' : 'pending',
      });
    }
    await t.app.db.execute(
      sql`update technicians set rating = round((2 + random() * 3)::numeric, 1), total_reviews = floor(random() * 50)`,
    );

    const reference = async (f: {
      lat: number;
      lng: number;
      maxDistance?: number;
      serviceType?: string;
      limit: number;
      offset: number;
    }) => {
      const d = sql`(${2 * EARTH_RADIUS_MILES}::float8 * asin(least(1::float8, sqrt(
        power(sin(radians(t.latitude - ${f.lat}::float8) / 2), 2)
        + cos(radians(${f.lat}::float8)) * cos(radians(t.latitude))
          * power(sin(radians(t.longitude - ${f.lng}::float8) / 2), 2)))))`;
      const limit =
        f.maxDistance === undefined ? sql`t.service_radius_miles` : sql`${f.maxDistance}::float8`;
      const type = f.serviceType ? sql`and ${f.serviceType} = any(t.specialties)` : sql``;
      const res = (await t.app.db.execute(sql`
        select t.id, count(*) over () as total from technicians t join users u on u.id = t.user_id
        where u.status = 'approved' and u.role = 'technician' and t.is_available
          and ${d} <= ${limit} ${type}
        order by ${d}, t.rating desc, t.id limit ${f.limit} offset ${f.offset}`)) as {
        rows: { id: number; total: string }[];
      };
      return { ids: res.rows.map((r) => Number(r.id)), total: Number(res.rows[0]?.total ?? 0) };
    };

    for (let i = 0; i < 40; i++) {
      const town = pick(LOCATIONS);
      const maxDistance = rand() < 0.7 ? pick([5, 10, 25, 50]) : undefined;
      const serviceType = rand() < 0.5 ? pick(SERVICE_TYPES) : undefined;
      const page = 1 + Math.floor(rand() * 2);
      const qs = new URLSearchParams({ location: town.name, page: String(page), pageSize: '7' });
      if (maxDistance) qs.set('maxDistance', String(maxDistance));
      if (serviceType) qs.set('serviceType', serviceType);
      const got = await search(qs.toString());
      const want = await reference({
        lat: town.latitude,
        lng: town.longitude,
        maxDistance,
        serviceType,
        limit: 7,
        offset: (page - 1) * 7,
      });
      if (want.ids.length > 0) expect(got.total, qs.toString()).toBe(want.total);
      expect(got.ids, qs.toString()).toEqual(want.ids);
    }
  });
});
