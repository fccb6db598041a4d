import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { createTechnician, subscribeTechnician } from '../../../../tests/helpers/factories';
import { LOCATIONS } from '@shared/constants/locations';
import { SERVICE_TYPES } from '@shared/constants/service-types';
import { EARTH_RADIUS_MILES } from '@shared/geo';
import { plans, subscriptions, technicians, users } from '../../db/schema';
import {
  createTechnicianIndex,
  pruneTechnicianChanges,
  searchSnapshot,
  stateOf,
} from '../../domain/technician-index';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const search = async (qs: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/technicians?${qs}` });
  expect(res.statusCode).toBe(200);
  const items = res.json() as { id: number; featured: boolean }[];
  return {
    ids: items.map((x) => x.id),
    featured: items.map((x) => x.featured),
    total: Number(res.headers['x-total-count']),
  };
};
const DAY = 86_400_000;
const version = async () =>
  Number(
    (
      (await t.app.db.execute(sql`select version from search_index_state`)) as {
        rows: { version: string }[];
      }
    ).rows[0]!.version,
  );

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

  it('learns who is featured: a plan starting, changing at renewal, lapsing; a grace period ending', async () => {
    const { technician } = await createTechnician(t.app, { firstName: 'Felicity' });
    const q = 'name=felicity';
    expect((await search(q)).featured).toEqual([false]);
    const planId = async (name: string) =>
      (await t.app.db.select().from(plans).where(eq(plans.name, name)))[0]!.id;

    const sub = await subscribeTechnician(t.app, technician.id, 'Premium');
    expect((await search(q)).featured).toEqual([true]);

    // A successful renewal (same plan, next period) leaves the index alone.
    const before = await version();
    await t.app.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(sub.currentPeriodEnd.getTime() + 30 * DAY) })
      .where(eq(subscriptions.id, sub.id));
    expect(await version()).toBe(before);

    // A downgrade applied at renewal.
    await t.app.db
      .update(subscriptions)
      .set({ planId: await planId('Basic') })
      .where(eq(subscriptions.id, sub.id));
    expect((await search(q)).featured).toEqual([false]);
    await t.app.db
      .update(subscriptions)
      .set({ planId: await planId('Professional') })
      .where(eq(subscriptions.id, sub.id));
    expect((await search(q)).featured).toEqual([true]);

    // A failed renewal: past due, featured through the grace period, then not, with no write
    // in between (the cached page too).
    const end = new Date(t.clock.now.getTime() - DAY);
    await t.app.db
      .update(subscriptions)
      .set({ status: 'past_due', currentPeriodEnd: end })
      .where(eq(subscriptions.id, sub.id));
    expect((await search(q)).featured).toEqual([true]);
    const atRest = await version();
    const now = t.clock.now;
    t.clock.set(new Date(end.getTime() + 7 * DAY + 1000));
    expect((await search(q)).featured).toEqual([false]);
    expect(await version()).toBe(atRest);
    t.clock.set(now);
    expect((await search(q)).featured).toEqual([true]);

    // Dunning ends it.
    await t.app.db
      .update(subscriptions)
      .set({ status: 'canceled', canceledAt: now })
      .where(eq(subscriptions.id, sub.id));
    expect((await search(q)).featured).toEqual([false]);
    // Still listed without a plan.
    expect((await search(q)).ids).toEqual([technician.id]);
  });

  it('gives the same pages and totals as a reference SQL query over random technicians and plans', async () => {
    let seed = 11;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
    const planIds = new Map(
      (await t.app.db.select().from(plans)).map((p) => [p.name, p.id] as const),
    );
    const now = t.clock.now;
    for (let i = 0; i < 120; i++) {
      const town = pick(LOCATIONS);
      const { technician } = await createTechnician(t.app, {
        firstName: pick(['Ann', 'Bo', 'Cy', 'Di']),
        latitude: town.latitude + (rand() - 0.5) * 0.6,
        longitude: town.longitude + (rand() - 0.5) * 0.6,
        location: town,
        specialties: [pick(SERVICE_TYPES), pick(SERVICE_TYPES)],
        serviceRadiusMiles: 5 + Math.floor(rand() * 30),
        isAvailable: rand() < 0.8,
        status: rand() < 0.9 ? 'approved' : 'pending',
      });
      // Plans: none, Basic, Premium, Professional; some past due, within their grace or not.
      const plan = pick([null, null, 'Basic', 'Premium', 'Professional'] as const);
      if (!plan) continue;
      const pastDue = rand() < 0.3;
      const end = pastDue
        ? new Date(now.getTime() - rand() * 14 * DAY)
        : new Date(now.getTime() + 20 * DAY);
      await t.app.db.insert(subscriptions).values({
        technicianId: technician.id,
        planId: planIds.get(plan)!,
        status: pastDue ? 'past_due' : rand() < 0.1 ? 'canceled' : 'active',
        provider: 'sandbox',
        currentPeriodStart: new Date(end.getTime() - 30 * DAY),
        currentPeriodEnd: end,
      });
    }
    await t.app.db.execute(
      sql`update technicians set rating = round((2 + random() * 3)::numeric, 1), total_reviews = floor(random() * 50)`,
    );

    // Featured: Premium or Professional, active or past due less than 7 days; featured first
    // within each 5-mile band, then nearest, best rated, lowest id.
    const reference = async (f: {
      lat?: number;
      lng?: number;
      maxDistance?: number;
      serviceType?: string;
      featured?: boolean;
      limit: number;
      offset: number;
    }) => {
      const featured = sql`exists (select 1 from subscriptions s join plans p on p.id = s.plan_id
        where s.technician_id = t.id and p.name in ('Premium', 'Professional')
          and (s.status = 'active' or (s.status = 'past_due'
            and s.current_period_end + interval '7 days' > ${now})))`;
      const type = f.serviceType ? sql`and ${f.serviceType} = any(t.specialties)` : sql``;
      const onlyFeatured = f.featured ? sql`and ${featured}` : sql``;
      let near = sql``;
      let order = sql`${featured} desc, t.rating desc, t.total_reviews desc, t.id`;
      if (f.lat !== undefined && f.lng !== undefined) {
        const d = sql`(${2 * EARTH_RADIUS_MILES}::float8 * asin(least(1::float8, sqrt(
          power(sin(radians(t.latitude - ${f.lat}::float8) / 2), 2)
          + cos(radians(${f.lat}::float8)) * cos(radians(t.latitude))
            * power(sin(radians(t.longitude - ${f.lng}::float8) / 2), 2)))))`;
        const limit =
          f.maxDistance === undefined ? sql`t.service_radius_miles` : sql`${f.maxDistance}::float8`;
        near = sql`and ${d} <= ${limit}`;
        order = sql`floor(${d} / 5), ${featured} desc, ${d}, t.rating desc, t.id`;
      }
      const res = (await t.app.db.execute(sql`
        select t.id, ${featured} as featured, count(*) over () as total
        from technicians t join users u on u.id = t.user_id
        where u.status = 'approved' and u.role = 'technician' and t.is_available
          ${near} ${type} ${onlyFeatured}
        order by ${order} limit ${f.limit} offset ${f.offset}`)) as {
        rows: { id: number; featured: boolean; total: string }[];
      };
      return {
        ids: res.rows.map((r) => Number(r.id)),
        featured: res.rows.map((r) => r.featured),
        total: Number(res.rows[0]?.total ?? 0),
      };
    };

    const queries = Array.from({ length: 60 }, () => {
      const town = rand() < 0.8 ? pick(LOCATIONS) : undefined;
      return {
        town,
        maxDistance: town && rand() < 0.7 ? pick([5, 10, 25, 50]) : undefined,
        serviceType: rand() < 0.5 ? pick(SERVICE_TYPES) : undefined,
        featured: rand() < 0.15,
        page: 1 + Math.floor(rand() * 2),
      };
    });
    let featuredSeen = 0;
    const checkAll = async (round: string) => {
      for (const { town, maxDistance, serviceType, featured, page } of queries) {
        const qs = new URLSearchParams({ page: String(page), pageSize: '7' });
        if (town) qs.set('location', town.name);
        if (maxDistance) qs.set('maxDistance', String(maxDistance));
        if (serviceType) qs.set('serviceType', serviceType);
        if (featured) qs.set('featured', 'true');
        const got = await search(qs.toString());
        const want = await reference({
          lat: town?.latitude,
          lng: town?.longitude,
          maxDistance,
          serviceType,
          featured,
          limit: 7,
          offset: (page - 1) * 7,
        });
        const label = `${round}: ${qs.toString()}`;
        if (want.ids.length > 0) expect(got.total, label).toBe(want.total);
        expect(got.ids, label).toEqual(want.ids);
        expect(got.featured, label).toEqual(want.featured);
        featuredSeen += want.featured.filter(Boolean).length;
      }
    };
    await checkAll('before any change');
    // Live updates: the same searches again (their pages and totals cached and judged change by
    // change) after random writes of every kind, applied to the index incrementally.
    const loadsBefore = t.app.technicianIndex.stats().fullLoads;
    for (let round = 1; round <= 3; round++) {
      const ids = await t.app.db
        .select({ id: technicians.id, userId: technicians.userId })
        .from(technicians);
      for (let k = 0; k < 25; k++) {
        const { id, userId } = pick(ids);
        const roll = rand();
        if (roll < 0.2)
          await t.app.db
            .update(technicians)
            .set({ isAvailable: rand() < 0.5 })
            .where(eq(technicians.id, id));
        else if (roll < 0.35)
          await t.app.db
            .update(technicians)
            .set({ rating: (2 + rand() * 3).toFixed(1), totalReviews: Math.floor(rand() * 50) })
            .where(eq(technicians.id, id));
        else if (roll < 0.5) {
          const town = pick(LOCATIONS);
          await t.app.db
            .update(technicians)
            .set({
              latitude: town.latitude + (rand() - 0.5) * 0.6,
              longitude: town.longitude + (rand() - 0.5) * 0.6,
            })
            .where(eq(technicians.id, id));
        } else if (roll < 0.6)
          await t.app.db
            .update(technicians)
            .set({ serviceRadiusMiles: 5 + Math.floor(rand() * 30) })
            .where(eq(technicians.id, id));
        else if (roll < 0.7)
          await t.app.db
            .update(technicians)
            .set({ specialties: [pick(SERVICE_TYPES)] })
            .where(eq(technicians.id, id));
        else if (roll < 0.8)
          await t.app.db
            .update(users)
            .set({ status: rand() < 0.7 ? 'approved' : 'suspended' })
            .where(eq(users.id, userId));
        else if (roll < 0.9)
          await t.app.db
            .update(technicians)
            .set({ bio: `Edited ${round}.${k}` })
            .where(eq(technicians.id, id));
        else {
          const plan = pick(['Basic', 'Premium', 'Professional'] as const);
          await t.app.db
            .update(subscriptions)
            .set({ planId: planIds.get(plan)!, status: pick(['active', 'past_due', 'canceled']) })
            .where(eq(subscriptions.technicianId, id));
        }
        // Some searches between writes, so pages are cached at many versions.
        if (k % 5 === 0)
          await search(`location=${encodeURIComponent(pick(LOCATIONS).name)}&maxDistance=25`);
      }
      await checkAll(`after round ${round} of writes`);
    }
    // Every write was applied change by change: no full reload.
    expect(t.app.technicianIndex.stats().fullLoads).toBe(loadsBefore);
    // The pages held featured technicians to rank.
    expect(featuredSeen).toBeGreaterThan(20);
  });

  it('records each statement as one version with the technicians it changed; sign-ins record nothing', async () => {
    const made = await Promise.all(
      [0, 1, 2].map(() => createTechnician(t.app, { firstName: 'Lognote' })),
    );
    const ids = made.map((m) => m.technician.id);
    const v0 = await version();
    await t.app.db
      .update(technicians)
      .set({ yearsExperience: 17 })
      .where(sql`${technicians.id} in (${sql.join(ids, sql`, `)})`);
    expect(await version()).toBe(v0 + 1);
    const res = (await t.app.db.execute(
      sql`select technician_id from technician_changes where version = ${v0 + 1} order by 1`,
    )) as { rows: { technician_id: number }[] };
    expect(res.rows.map((r) => Number(r.technician_id))).toEqual([...ids].sort((a, b) => a - b));
    // A sign-in records nothing.
    await t.app.db
      .update(users)
      .set({ lastSignInAt: new Date() })
      .where(eq(users.id, made[0]!.user.id));
    expect(await version()).toBe(v0 + 1);
  });

  it('keeps a second instance exact change by change, and reloads it in full when it fell behind the pruned log', async () => {
    const other = createTechnicianIndex(t.app.db);
    const find = async (name: string) => {
      const s = await other.current();
      return searchSnapshot(s, {
        name,
        available: false,
        now: t.clock.now.getTime(),
        offset: 0,
        limit: 10,
      }).hits.map((h) => h.id);
    };
    const { technician } = await createTechnician(t.app, { firstName: 'Secondinst' });
    expect(await find('secondinst')).toEqual([technician.id]);
    expect(other.stats().fullLoads).toBe(1);
    await t.app.db
      .update(users)
      .set({ firstName: 'Renamedinst' })
      .where(eq(users.id, technician.userId));
    expect(await find('secondinst')).toEqual([]);
    expect(await find('renamedinst')).toEqual([technician.id]);
    expect(other.stats()).toMatchObject({ fullLoads: 1, catchUps: 1 });

    // Behind the pruned part of the log: one full load, and the answer is still exact.
    await t.app.db
      .update(users)
      .set({ firstName: 'Prunedinst' })
      .where(eq(users.id, technician.userId));
    await pruneTechnicianChanges(t.app.db, 0);
    expect(await find('prunedinst')).toEqual([technician.id]);
    expect(other.stats().fullLoads).toBe(2);
    const left = (await t.app.db.execute(
      sql`select count(*)::int as n from technician_changes`,
    )) as {
      rows: { n: number }[];
    };
    expect(Number(left.rows[0]!.n)).toBe(0);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'loads the same technicians by binary COPY (PostgreSQL) as by queries',
    async () => {
      expect(t.app.database.pool).toBeDefined();
      const byCopy = await createTechnicianIndex(t.app.db, { pool: t.app.database.pool }).current();
      const byQuery = await createTechnicianIndex(t.app.db).current();
      expect(byCopy.n).toBeGreaterThan(100);
      expect(byCopy.n).toBe(byQuery.n);
      const ids = Array.from(byQuery.ids.subarray(0, byQuery.used)).filter((id) => id > 0);
      // Specialty bits are given out in the order first seen: compare the names.
      const view = (store: typeof byCopy, id: number) => {
        const st = stateOf(store, id)!;
        const specialties = [...store.specialtyBits]
          .filter(([, bit]) => (st.spec & (1 << bit)) !== 0)
          .map(([name]) => name)
          .sort();
        return { ...st, spec: specialties };
      };
      for (const id of ids) expect(view(byCopy, id), String(id)).toEqual(view(byQuery, id));
    },
  );
});
