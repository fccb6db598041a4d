import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { createTechnician, createUser, signIn } from '../../../../tests/helpers/factories';
import { LOCATIONS } from '@shared/constants/locations';
import { distanceMiles } from '@shared/geo';
import { reviews, serviceRequests, technicians, users } from '../../db/schema';

let t: TestApp;
const hyattsville = LOCATIONS.find((l) => l.name === 'Hyattsville, MD')!;
const waldorf = LOCATIONS.find((l) => l.name === 'Waldorf, MD')!;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  // 6 miles due north of Hyattsville.
  const north6 = { latitude: hyattsville.latitude + 6 / 69.05, longitude: hyattsville.longitude };
  ids.near = (
    await createTechnician(t.app, {
      firstName: 'Nadia',
      location: hyattsville,
      specialties: ['Brake Service'],
    })
  ).technician.id;
  ids.six = (
    await createTechnician(t.app, {
      firstName: 'Sixto',
      ...north6,
      location: hyattsville,
      specialties: ['Brake Service', 'Electrical'],
      serviceRadiusMiles: 5,
    })
  ).technician.id;
  ids.far = (
    await createTechnician(t.app, {
      firstName: 'Farrah',
      location: waldorf,
      specialties: ['Oil Change'],
      serviceRadiusMiles: 10,
    })
  ).technician.id;
  ids.busy = (
    await createTechnician(t.app, { firstName: 'Busby', location: hyattsville, isAvailable: false })
  ).technician.id;
  ids.pending = (
    await createTechnician(t.app, { firstName: 'Penny', location: hyattsville, status: 'pending' })
  ).technician.id;
  await t.app.db
    .update(technicians)
    .set({ rating: '4.90', totalReviews: 12 })
    .where(eq(technicians.id, ids.far!));
  expect(distanceMiles(hyattsville, north6)).toBeCloseTo(6, 1);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const idsOf = (body: { id: number }[]) => body.map((x) => x.id);

describe('GET /api/technicians', () => {
  it('lists approved, available technicians with the total in X-Total-Count, best rated first', async () => {
    const res = await get('/api/technicians');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(idsOf(list)).toEqual(expect.arrayContaining([ids.near, ids.six, ids.far]));
    expect(idsOf(list)).not.toContain(ids.busy);
    expect(idsOf(list)).not.toContain(ids.pending);
    expect(res.headers['x-total-count']).toBe(String(list.length));
    expect(list[0].id).toBe(ids.far);
    expect(list[0]).toMatchObject({
      user: { firstName: 'Farrah', lastName: expect.any(String), email: null },
      rating: '4.90',
      totalReviews: 12,
      location: 'Waldorf, MD',
      hourlyRate: '85.00',
      specialties: ['Oil Change'],
      // Only verified certifications are public (what a profile merely claims is not).
      certifications: [],
      certified: true,
      isAvailable: true,
    });
    expect(list[0]).not.toHaveProperty('distanceMiles');
  });

  it('measures distance for real: 6 miles away is inside 10 and outside 5', async () => {
    const ten = (
      await get(`/api/technicians?location=${encodeURIComponent('Hyattsville, MD')}&maxDistance=10`)
    ).json();
    expect(idsOf(ten)).toEqual([ids.near, ids.six]);
    expect(ten[0].distanceMiles).toBe(0);
    expect(ten[1].distanceMiles).toBeCloseTo(6, 0);
    const five = (
      await get(`/api/technicians?location=${encodeURIComponent('Hyattsville, MD')}&maxDistance=5`)
    ).json();
    expect(idsOf(five)).toEqual([ids.near]);
  });

  it('without a distance, lists those whose service radius reaches the location, nearest first', async () => {
    const res = (
      await get(`/api/technicians?location=${encodeURIComponent('hyattsville, md')}`)
    ).json();
    // Sixto is 6 miles away but only travels 5; Farrah in Waldorf travels 10 and is ~23 away.
    expect(idsOf(res)).toEqual([ids.near]);
  });

  it('resolves any US ZIP code', async () => {
    const res = await get('/api/technicians?zip=20781&maxDistance=3');
    expect(res.statusCode).toBe(200);
    expect(idsOf(res.json())).toEqual([ids.near]);
    const unknown = await get('/api/technicians?zip=00000');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Unknown ZIP code: 00000');
  });

  it('says where it serves for a place outside the service area', async () => {
    for (const url of [
      '/api/technicians?zip=90210',
      `/api/technicians?near=${encodeURIComponent('Richmond, VA')}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(
        /^We don't serve (Beverly Hills, CA|Richmond, VA) yet: Wrenchly serves Maryland, DC and Northern Virginia$/,
      );
    }
  });

  it('filters by service type and name, case-insensitively', async () => {
    expect(idsOf((await get('/api/technicians?serviceType=Electrical')).json())).toEqual([ids.six]);
    expect(
      idsOf((await get('/api/technicians?serviceType=brake%20service')).json()).sort(),
    ).toEqual([ids.near, ids.six].sort());
    expect(idsOf((await get('/api/technicians?name=FARR')).json())).toEqual([ids.far]);
    expect((await get('/api/technicians?name=%25')).json()).toEqual([]);
  });

  it('includes unavailable technicians only when asked', async () => {
    expect(idsOf((await get('/api/technicians?available=false')).json())).toContain(ids.busy);
  });

  it('pages results', async () => {
    const p1 = await get('/api/technicians?pageSize=2&page=1');
    const p2 = await get('/api/technicians?pageSize=2&page=2');
    const p9 = await get('/api/technicians?pageSize=2&page=9');
    expect(p1.json()).toHaveLength(2);
    expect(p2.json()).toHaveLength(1);
    expect(p9.json()).toHaveLength(0);
    expect(p9.headers['x-total-count']).toBe('3');
    expect(new Set([...idsOf(p1.json()), ...idsOf(p2.json())]).size).toBe(3);
  });

  it('refuses bad filters with 400 and a clear message', async () => {
    const cases: [string, RegExp][] = [
      ['location=Atlantis', /location must be one of/],
      ['serviceType=Teleportation', /serviceType must be one of/],
      ['maxDistance=-3', /maxDistance must be greater than 0/],
      ['maxDistance=abc', /maxDistance/],
      ['zip=abcde', /zip must be a 5-digit US ZIP code/],
      ['pageSize=1000', /pageSize must be at most 100/],
      ['page=0', /page must be 1 or more/],
    ];
    for (const [qs, message] of cases) {
      const res = await get(`/api/technicians?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().message, qs).toMatch(message);
    }
  });
});

describe('POST /api/technicians/search', () => {
  it('answers the same search', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/technicians/search',
      payload: { serviceType: 'Brake Service', location: 'Hyattsville, MD', maxDistance: 10 },
    });
    expect(res.statusCode).toBe(200);
    expect(idsOf(res.json())).toEqual([ids.near, ids.six]);
    expect(res.headers['x-total-count']).toBe('2');
  });
});

describe('GET /api/technicians/:id and reviews', () => {
  it('returns one technician, 404 for unknown or unapproved', async () => {
    expect((await get(`/api/technicians/${ids.near}`)).json()).toMatchObject({
      id: ids.near,
      user: { firstName: 'Nadia' },
    });
    // Unavailable technicians still have a public profile.
    expect((await get(`/api/technicians/${ids.busy}`)).statusCode).toBe(200);
    const missing = await get('/api/technicians/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Technician not found' });
    expect((await get(`/api/technicians/${ids.pending}`)).statusCode).toBe(404);
    expect((await get('/api/technicians/abc')).statusCode).toBe(400);
  });

  it('pages reviews newest first with the total', async () => {
    const base = Date.now();
    await t.app.db.insert(reviews).values(
      Array.from({ length: 5 }, (_, i) => ({
        technicianId: ids.near!,
        rating: (i % 5) + 1,
        comment: i === 0 ? null : `Review ${i}`,
        createdAt: new Date(base - i * 86_400_000),
      })),
    );
    const res = await get(`/api/technicians/${ids.near}/reviews?pageSize=3`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('5');
    const list = res.json();
    expect(list).toHaveLength(3);
    expect(list[0]).toEqual({
      id: expect.any(Number),
      rating: 1,
      comment: null,
      createdAt: expect.any(String),
      // A review without a job or a known customer (the seed's history).
      reviewerName: 'Customer',
      serviceType: null,
      jobDate: null,
      reply: null,
      repliedAt: null,
      verified: false,
    });
    const page2 = (await get(`/api/technicians/${ids.near}/reviews?pageSize=3&page=2`)).json();
    expect(page2.map((r: { comment: string }) => r.comment)).toEqual(['Review 3', 'Review 4']);
    expect((await get('/api/technicians/999999/reviews')).statusCode).toBe(404);
  });
});

describe('technician e-mails', () => {
  const emailOf = async (technicianId: number) => {
    const [row] = await t.app.db
      .select({ email: users.email })
      .from(technicians)
      .innerJoin(users, eq(users.id, technicians.userId))
      .where(eq(technicians.id, technicianId));
    return row!.email;
  };
  const as = (cookie: string | undefined) => ({
    list: async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/technicians?pageSize=100&available=false',
          headers: cookie ? { cookie } : {},
        })
      ).json() as { id: number; user: { email: string | null; phone: string | null } }[],
    search: async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/technicians/search',
          payload: { pageSize: 100 },
          headers: cookie ? { cookie } : {},
        })
      ).json() as { id: number; user: { email: string | null } }[],
    one: async (id: number) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/technicians/${id}`,
          headers: cookie ? { cookie } : {},
        })
      ).json() as { id: number; user: { email: string | null; phone: string | null } },
  });

  it('are null for the public and customers, in lists, searches and profiles', async () => {
    const customer = await createUser(t.app, { role: 'customer' });
    const customerCookie = await signIn(t.app, customer.username!);
    for (const cookie of [undefined, customerCookie]) {
      const viewer = as(cookie);
      // Twice: the second answer comes from the result cache.
      for (const list of [await viewer.list(), await viewer.list(), await viewer.search()]) {
        expect(list.length).toBeGreaterThan(2);
        for (const x of list) expect(x.user.email).toBeNull();
      }
      const one = await viewer.one(ids.near!);
      expect(one.user.email).toBeNull();
      expect(one.user).toHaveProperty('phone');
    }
  });

  it('admins see every e-mail; a technician sees only their own', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const adminView = as(await signIn(t.app, admin.username!));
    for (const list of [await adminView.list(), await adminView.search()]) {
      for (const x of list) expect(x.user.email).toBe(await emailOf(x.id));
    }
    expect((await adminView.one(ids.far!)).user.email).toBe(await emailOf(ids.far!));

    const [near] = await t.app.db
      .select({ username: users.username })
      .from(technicians)
      .innerJoin(users, eq(users.id, technicians.userId))
      .where(eq(technicians.id, ids.near!));
    const selfView = as(await signIn(t.app, near!.username!));
    for (const list of [await selfView.list(), await selfView.search()]) {
      for (const x of list)
        expect(x.user.email).toBe(x.id === ids.near ? await emailOf(ids.near!) : null);
    }
    expect((await selfView.one(ids.near!)).user.email).toBe(await emailOf(ids.near!));
    expect((await selfView.one(ids.far!)).user.email).toBeNull();
    // The public still gets the cached public page afterwards.
    for (const x of await as(undefined).list()) expect(x.user.email).toBeNull();
  });
});

describe('GET /api/stats', () => {
  it('counts approved technicians and completed jobs from the database', async () => {
    const res = (await get('/api/stats')).json();
    expect(res).toEqual({ approvedTechnicians: 4, certifiedTechnicians: 4, completedJobs: 0 });
  });

  it('counts only completed jobs', async () => {
    const customer = await createUser(t.app, { role: 'customer' });
    const job = {
      customerId: customer.id,
      serviceType: 'Oil Change',
      description: 'Oil change',
      location: 'Bowie, MD',
      assignedTechnicianId: ids.near!,
    };
    await t.app.db.insert(serviceRequests).values([
      { ...job, status: 'completed', completedAt: new Date() },
      { ...job, status: 'completed', completedAt: new Date() },
      { ...job, status: 'canceled' },
      { ...job, status: 'in_progress' },
    ]);
    expect((await get('/api/stats')).json()).toMatchObject({ completedJobs: 2 });
  });
});
